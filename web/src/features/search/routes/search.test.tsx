import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchResultAnswer } from '@domain/search-answer.js';
import { cityAnswer } from '@testing/builders.js';
import { errorResponse, type FakeRequest } from '@testing/fake-api.js';
import { renderApp } from '@testing/render.js';

function result(id: string, overrides: Partial<SearchResultAnswer> = {}): SearchResultAnswer {
  return {
    id, video_id: 'dQw4w9WgXcQ', title: `Meeting ${id}`, description: 'Budget talk', channel_title: 'City of Fairview',
    published_at: '2026-03-01T12:00:00.000Z', thumbnail_url: null, video_url: null, city_id: 'c1',
    city: { id: 'c1', name: 'Fairview', state: 'CA', domain: null, location_key: 'fairview-ca' },
    hits: [], ...overrides,
  };
}

/** A server of `total` results that honours `limit`. */
const answerWith = (total: number) => (request: FakeRequest) => {
  const limit = Number(request.url.searchParams.get('limit'));
  const results = Array.from({ length: Math.min(total, limit) }, (_, i) => result(`v${i}`));
  return { results, count: results.length, has_more: total > limit };
};

describe('the search page', () => {
  it('ignores an empty or blank query: no request, the URL stays', async () => {
    const { user, api, router } = renderApp({ path: '/search', api: { 'GET /api/search': answerWith(1) } });
    const button = await screen.findByRole('button', { name: 'Search' });
    await user.click(button);
    await user.type(screen.getByPlaceholderText('Search city council meetings...'), '   ');
    await user.click(button);
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET /api/search')).toHaveLength(0);
  });

  it('puts the query in the URL and shows the count line and the cards', async () => {
    const { user, api, router } = renderApp({ path: '/search', api: { 'GET /api/search': answerWith(2) } });
    await user.type(await screen.findByRole('searchbox', { name: 'Search meetings' }), '  budget {Enter}');
    await screen.findByText('2 results found for "budget"');
    expect(router.state.location.search).toBe('?q=budget');
    expect(api.callsTo('GET /api/search')[0]!.url.searchParams.get('q')).toBe('budget');
    screen.getByRole('heading', { level: 1, name: 'Search Results' });
    expect(screen.getAllByRole('link', { name: 'View Summary' })[0]!.getAttribute('href')).toBe('/meeting/v0');
    expect(screen.getAllByRole('link', { name: /Watch Video/ })[0]!.getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    screen.getAllByText('Fairview, CA · Posted March 1, 2026 · City of Fairview');
  });

  it("offers no 'View Summary' for a video without a city", async () => {
    renderApp({ path: '/search?q=budget', api: { 'GET /api/search': () => ({ results: [result('v1', { city: null })], count: 1, has_more: false }) } });
    await screen.findByText('1 result found for "budget"');
    expect(screen.queryByRole('link', { name: 'View Summary' })).toBeNull();
  });

  it('shows the moments as text with the matched words marked, each opening the analysis at its second', async () => {
    const hit = { start_ms: 683_700, text: '<b>grandkids</b>', highlighted: '&lt;b&gt;<mark>grandkids</mark>&lt;/b&gt;' };
    const { container } = renderApp({ path: '/search?q=grandkids', api: { 'GET /api/search': () => ({ results: [result('v1', { hits: [hit] })], count: 1, has_more: false }) } });
    const link = await screen.findByRole('link', { name: /11:23/ });
    expect(link.getAttribute('href')).toBe('/meeting/v1?t=683');
    expect(link.textContent).toBe('11:23<b>grandkids</b>');
    expect(link.querySelector('mark')?.textContent).toBe('grandkids');
    expect(container.querySelector('b')).toBeNull();
  });

  it('searches one city on its search page and links its meetings under the city', async () => {
    const { api } = renderApp({
      path: '/city/fairview-ca/search?q=budget',
      api: { 'GET /api/search': answerWith(1), 'GET /api/cities/fairview-ca': () => cityAnswer('Fairview', 'fairview-ca') },
    });
    await screen.findByText('1 result found for "budget"');
    expect(api.callsTo('GET /api/search')[0]!.url.searchParams.get('city')).toBe('fairview-ca');
    expect(screen.getByRole('link', { name: 'View Summary' }).getAttribute('href')).toBe('/city/fairview-ca/meeting/v0');
    await screen.findByText('Meetings of Fairview, CA');
  });

  it("loads more while the server says there are more, up to the spec's 50", async () => {
    const { user, api } = renderApp({ path: '/search?q=budget', api: { 'GET /api/search': answerWith(60) } });
    await screen.findByText('20 results found for "budget"');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('40 results found for "budget"');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('50 results found for "budget"');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    screen.getByText(/These are the 50 newest matches/);
    expect(api.callsTo('GET /api/search').map((call) => call.url.searchParams.get('limit'))).toEqual(['20', '40', '50']);
  });

  it("shows the empty state with 'Browse Cities'", async () => {
    renderApp({ path: '/search?q=zzz', api: { 'GET /api/search': () => ({ results: [], count: 0, has_more: false }) } });
    await screen.findByText('No results found');
    screen.getByText('Try adjusting your search terms or browse our available cities.');
    expect(screen.getByRole('link', { name: 'Browse Cities' }).getAttribute('href')).toBe('/');
  });

  it("says 'Search failed' when the search fails", async () => {
    renderApp({ path: '/search?q=zzz', api: { 'GET /api/search': () => errorResponse(500, 'INTERNAL', 'boom') } });
    expect((await screen.findAllByText('Search failed')).length).toBeGreaterThan(0);
  });
});
