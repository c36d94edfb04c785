import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CityUrl } from '@domain/admin.js';
import { adminSession, errorResponse, jsonResponse } from '@testing/fake-api.js';
import { renderWithProviders, typeInto } from '@testing/render.js';
import { useState } from 'react';
import { CityUrlsPanel } from './city-urls-panel.js';

const row = (id: string, title: string): CityUrl => ({
  id,
  title,
  url: `https://www.youtube.com/@${title.replace(/\s/g, '')}`,
  content_type: 'video',
  source_type: 'city',
  entity_type: 'Unknown',
  video_count: 2,
  last_refresh: null,
});

function Harness() {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <p data-testid="selected">{selected ?? 'none'}</p>
      <CityUrlsPanel cityId="c1" selected={selected} onSelect={setSelected} />
    </>
  );
}

function renderPanel(rows: CityUrl[]) {
  let list = rows;
  return renderWithProviders(<Harness />, {
    api: {
      'GET /api/auth/session': () => adminSession(),
      'GET /api/admin/cities/c1/urls': () => list,
      'POST /api/admin/cities/c1/urls': (request) => jsonResponse(201, { ...row('u9', 'New'), ...(request.body as object) }),
      'DELETE /api/admin/urls/u1': () => {
        list = list.filter((item) => item.id !== 'u1');
        return jsonResponse(204);
      },
    },
  });
}

describe('the city URLs panel', () => {
  it('shows what YouTube said when it rejects the API key on Refresh videos (issue 26)', async () => {
    const message = 'YouTube rejected the API key (YOUTUBE_API_KEY): API key not valid. Please pass a valid API key.';
    const { user, api } = renderPanel([row('u1', 'Council')]);
    api.on('POST /api/functions/fetchYoutubeVideos', () => errorResponse(502, 'UPSTREAM', message));
    await user.click(await screen.findByRole('button', { name: 'Refresh videos of Council' }));
    await screen.findByText('Error refreshing videos');
    await screen.findByText(`Function call failed: 502 - ${message}`);
  });

  it('says so when the city has no URLs', async () => {
    renderPanel([]);
    await screen.findByText('No URLs found for this city');
  });

  it('adds a row with its content type taken from the address', async () => {
    const { user, api } = renderPanel([]);
    await screen.findByText('No URLs found for this city');
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    const form = screen.getByRole('form', { name: 'New URL' });
    await typeInto(user, within(form).getByLabelText(/URL/), 'https://www.youtube.com/@CedarCouncil');
    expect(within(form).getByLabelText('Content type').textContent).toContain('video');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    const post = api.requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/urls'));
    expect(post?.body).toEqual({ title: null, url: 'https://www.youtube.com/@CedarCouncil', content_type: 'video', source_type: 'city' });
  });

  it('says under the URL that one is needed, and shows the server\'s refusal of an address there too (issue 28)', async () => {
    const refusal = { error: { code: 'BAD_INPUT', message: 'Not a web address: "cedar council" contains spaces', field: 'url' } };
    const { user, api } = renderPanel([]);
    api.on('POST /api/admin/cities/c1/urls', () => jsonResponse(400, refusal));
    await screen.findByText('No URLs found for this city');
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    const form = screen.getByRole('form', { name: 'New URL' });
    const url = within(form).getByRole('textbox', { name: 'URL' });
    const under = () => document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(under()).toBe('A source URL is required');
    expect(document.activeElement).toBe(url);
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await typeInto(user, url, 'cedar council');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(under()).toBe(refusal.error.message));
    expect(screen.getByRole('form', { name: 'New URL' })).toBeTruthy();
  });

  it('blocks adding and other edits while a row is edited', async () => {
    const { user } = renderPanel([row('u1', 'Council'), row('u2', 'School Board')]);
    await user.click(await screen.findByRole('button', { name: 'Edit Council' }));
    screen.getByRole('form', { name: 'Edit Council' });
    expect(screen.getByRole('button', { name: 'Add URL' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Edit School Board' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add URL' })).toHaveProperty('disabled', false);
  });

  it('selects a row, deselects it when chosen again, and a confirmed delete clears the selection', async () => {
    const { user, api } = renderPanel([row('u1', 'Council')]);
    const select = await screen.findByRole('button', { name: /^Council/, pressed: false });
    await user.click(select);
    expect(screen.getByTestId('selected').textContent).toBe('u1');
    await user.click(select);
    expect(screen.getByTestId('selected').textContent).toBe('none');
    await user.click(select);

    await user.click(screen.getByRole('button', { name: 'Delete Council' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this URL?' });
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete URL' }));
    await screen.findByText('No URLs found for this city');
    expect(screen.getByTestId('selected').textContent).toBe('none');
  });
});
