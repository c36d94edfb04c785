import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedSearchView } from '@domain/alerts.js';
import { cityAnswer, profileAnswer } from '@testing/builders.js';
import { errorResponse, jsonResponse, memberSession, type FakeHandler } from '@testing/fake-api.js';
import { renderApp } from '@testing/render.js';

const saved = (overrides: Partial<SavedSearchView> = {}): SavedSearchView => ({
  id: '6f1c1d2e-0000-4000-8000-00000000a1e7',
  query: 'footbridge',
  cities: [{ location_key: 'fairview-ca', name: 'Fairview', state: 'CA' }],
  frequency: 'immediate',
  paused: false,
  created_at: '2026-03-01T00:00:00.000Z',
  feed_url: `http://localhost/feeds/search/${'a'.repeat(43)}.atom`,
  ...overrides,
});

function memberApi(alerts: SavedSearchView[], extra: Record<string, FakeHandler> = {}) {
  return {
    'GET /api/auth/session': () => memberSession('ana@example.org'),
    'GET /api/cities': () => [cityAnswer('Fairview', 'fairview-ca')],
    'GET /api/profile': () => profileAnswer({ id: '6f1c1d2e-0000-4000-8000-000000000001' }),
    'GET /api/profile/alerts': () => ({ alerts }),
    ...extra,
  };
}

describe('profile page: saved searches and alerts (issue 27)', () => {
  it('lists each saved search with its city, how often it mails (changed in place) and its private feed; pauses and deletes it', async () => {
    let alerts = [saved()];
    const { user, api } = renderApp({
      path: '/profile',
      api: memberApi([], {
        'GET /api/profile/alerts': () => ({ alerts }),
        [`PATCH /api/profile/alerts/${saved().id}`]: (request) => (alerts = [saved(request.body as Partial<SavedSearchView>)])[0]!,
        [`DELETE /api/profile/alerts/${saved().id}`]: () => ((alerts = []), jsonResponse(204)),
      }),
    });
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    expect(within(list).getByText('“footbridge”')).toBeTruthy();
    expect(within(list).getByText('Fairview, CA')).toBeTruthy();
    const often = within(list).getByRole<HTMLSelectElement>('combobox', { name: 'How often to email “footbridge”' });
    expect(often.selectedOptions[0]?.textContent).toBe('As soon as a meeting is processed');
    expect(within(list).getByRole('link', { name: 'Private feed' }).getAttribute('href')).toBe(saved().feed_url);

    await user.selectOptions(often, 'Daily digest');
    await waitFor(() => expect(api.callsTo(`PATCH /api/profile/alerts/${saved().id}`)[0]?.body).toEqual({ frequency: 'daily' }));

    await user.click(within(list).getByRole('button', { name: 'Pause emails' }));
    expect(await within(list).findByText('Paused')).toBeTruthy();
    expect(api.callsTo(`PATCH /api/profile/alerts/${saved().id}`)[1]?.body).toEqual({ paused: true });

    await user.click(within(list).getByRole('button', { name: 'Delete the saved search "footbridge"' }));
    expect(await screen.findByText('No saved searches yet.')).toBeTruthy();
  });

  it('saves a new search for all cities, and says why when the server refuses one', async () => {
    const { user, api } = renderApp({
      path: '/profile',
      api: memberApi([], { 'POST /api/profile/alerts': () => jsonResponse(201, saved({ query: 'zoning', cities: [] })) }),
    });
    await screen.findByText('No saved searches yet.');
    const save = screen.getByRole('button', { name: 'Save search' });
    expect(save).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Words to watch for'), 'zoning');
    await user.click(save);
    expect(await screen.findByText('We\'ll email you when "zoning" comes up in a meeting.')).toBeTruthy();
    expect(api.callsTo('POST /api/profile/alerts')[0]?.body).toEqual({ query: 'zoning', cities: [], frequency: 'immediate' });

    api.on('POST /api/profile/alerts', () => errorResponse(400, 'BAD_INPUT', 'The search needs a word to look for (not only common words or -exclusions)'));
    await user.type(screen.getByLabelText('Words to watch for'), 'the');
    await user.click(save);
    await waitFor(() => expect(screen.getByText('The search needs a word to look for (not only common words or -exclusions)')).toBeTruthy());
  });
});
