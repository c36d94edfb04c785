import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCity } from '@domain/admin.js';
import { cityAnswer } from '@testing/builders.js';
import { adminSession, jsonResponse } from '@testing/fake-api.js';
import { renderWithProviders } from '@testing/render.js';
import { CityDetails } from './city-details.js';

const city = (overrides: Partial<AdminCity> = {}): AdminCity => ({
  ...cityAnswer('Fairview', 'fairview-ca', { id: 'c1', county: 'Alder County' }),
  story_review: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the city details panel: how stories are published (issue 24)', () => {
  it('shows the setting, and saves "After an editor\'s review" through the city update', async () => {
    const { user, api } = renderWithProviders(<CityDetails city={city()} />, {
      api: {
        'GET /api/auth/session': () => adminSession(),
        'PATCH /api/admin/cities/c1': (request) => ({ ...city(), ...(request.body as object) }),
        'GET /api/admin/cities': () => [],
      },
    });
    const shown = screen.getByText('Publish stories').parentElement!;
    within(shown).getByText('Automatically (default)');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const setting = screen.getByRole('combobox', { name: 'Publish stories' });
    expect(setting.textContent).toBe('Automatically (default)');
    expect(setting.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(setting);
    await user.click(await screen.findByRole('option', { name: "After an editor's review" }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('City updated successfully');
    const [patch] = api.callsTo('PATCH /api/admin/cities/c1');
    expect(patch?.body).toMatchObject({ name: 'Fairview', story_review: true });
  });

  it('reads a city that reviews stories as such', () => {
    renderWithProviders(<CityDetails city={city({ story_review: true })} />, { api: { 'GET /api/auth/session': () => adminSession() } });
    within(screen.getByText('Publish stories').parentElement!).getByText("After an editor's review");
  });
});

describe('the city details panel: errors under their fields (issue 28)', () => {
  const saidUnder = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

  it('refuses a blank name before asking the server, and shows the server\'s refusal of a key under the key', async () => {
    const refusal = { error: { code: 'BAD_INPUT', message: 'Invalid location key "Fair View"', field: 'location_key' } };
    const { user, api } = renderWithProviders(<CityDetails city={city()} />, {
      api: { 'GET /api/auth/session': () => adminSession(), 'PATCH /api/admin/cities/c1': () => jsonResponse(400, refusal) },
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saidUnder(name)).toBe('Name and county are required');
    expect(document.activeElement).toBe(name);
    expect(api.callsTo('PATCH /api/admin/cities/c1')).toHaveLength(0);

    await user.type(name, 'Fairview');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    const key = screen.getByRole('textbox', { name: 'Location key' });
    await user.clear(key);
    await user.type(key, 'Fair View');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saidUnder(key)).toBe('Invalid location key "Fair View"'));
    expect(key.getAttribute('aria-invalid')).toBe('true');
  });
});
