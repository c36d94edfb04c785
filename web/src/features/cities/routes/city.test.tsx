import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '@testing/fake-api.js';
import type { CityVideoCard } from '@domain/city.js';
import { cityAnswer, videoCardAnswer } from '@testing/builders.js';
import { renderApp } from '@testing/render.js';

const fairview = cityAnswer('Fairview', 'fairview-ca', {
  id: 'c1', county: 'Alder County', description: 'A foothill town with a walkable downtown.',
  tag_line: 'Foothill town, front-row civics.', domain: 'fairview.example.gov', primary_color: '#1F6F5C', secondary_color: '#0F3D33',
});

function video(n: number, overrides: Partial<CityVideoCard> = {}) {
  return videoCardAnswer(`v${n}`, {
    video_id: `yt${n}`, title: `Council meeting ${n}`, channel_title: 'Fairview City Council',
    published_at: `2026-03-${String(10 - n).padStart(2, '0')}T12:00:00.000Z`, video_url: `https://www.youtube.com/watch?v=yt${n}`,
    has_transcript: true, has_analysis: n % 2 === 1, has_story: n === 1, ...overrides,
  });
}

const statsAnswer = {
  meetings: 37, with_transcript: 30, analysed: 21, with_story: 12, last_meeting_at: '2026-03-09T12:00:00.000Z',
  source_count: 2, channels: ['Fairview City Council', 'Fairview Unified School District'],
};

const cityApi = (videos: object[], stats: object = statsAnswer) => ({
  'GET /api/cities/fairview-ca': () => fairview,
  'GET /api/cities/fairview-ca/videos': () => videos,
  'GET /api/cities/fairview-ca/stats': () => stats,
});

describe('city page (spec §2 screen 6)', () => {
  it('shows the banner in the city colours with readable text, the description and the side cards', async () => {
    renderApp({ path: '/city/fairview-ca', api: cityApi([video(1), video(2, { channel_title: 'Fairview Unified School District' })]) });
    const banner = await screen.findByTestId('city-banner');
    expect(within(banner).getByRole('heading', { level: 1, name: 'Fairview, CA' })).toBeTruthy();
    expect(within(banner).getByText('Foothill town, front-row civics.')).toBeTruthy();
    expect(within(banner).getByText('Alder County, CA')).toBeTruthy();
    expect(banner.style.backgroundImage).toContain('linear-gradient');
    expect(banner.style.backgroundImage).toBe('linear-gradient(135deg, rgb(31, 111, 92), rgb(15, 61, 51))');
    // Dark green: white text (rgb form, as jsdom normalises colours).
    expect(banner.style.color).toBe('rgb(255, 255, 255)');
    expect(screen.getByText('A foothill town with a walkable downtown.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Fairview, CA | Town Crier'));

    const quick = screen.getByRole('heading', { name: 'Quick Info' }).closest('div')!.parentElement!;
    expect(within(quick).getByRole('link', { name: /fairview\.example\.gov/ }).getAttribute('href')).toBe('https://fairview.example.gov');
    const stats = (await screen.findByRole('heading', { name: 'Statistics' })).closest('div')!.parentElement!;
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    // Totals over every stored meeting, not the page's ten.
    expect(value('Meetings covered')).toBe('37');
    expect(value('With analysis')).toBe('21');
    expect(value('With a news story')).toBe('12');
    expect(value('Last meeting')).toBe('March 9, 2026');
    expect(value('Sources')).toBe('Fairview City Council, Fairview Unified School District');
  });

  it('lists the latest meetings with their outbound, story and analysis links', async () => {
    const videos = Array.from({ length: 10 }, (_, i) => video(i + 1));
    videos[0] = video(1, { summary: 'x'.repeat(150), video_url: 'javascript:alert(1)' });
    const { api } = renderApp({ path: '/city/fairview-ca', api: cityApi(videos) });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(10);
    expect(api.callsTo('GET /api/cities/fairview-ca/videos')[0]?.url.searchParams.get('limit')).toBe('10');
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Council meeting 1' })).toBeTruthy();
    // A stored link of another scheme never becomes a link: the platform's watch page instead.
    expect(first.getByRole('link', { name: /Watch Video/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=yt1');
    expect(first.getByRole('link', { name: /Watch Video/ }).getAttribute('target')).toBe('_blank');
    expect(first.getByRole('link', { name: 'View Story' }).getAttribute('href')).toBe('/city/fairview-ca/meeting-story/v1');
    expect(first.getByRole('link', { name: 'Analysis' }).getAttribute('href')).toBe('/city/fairview-ca/meeting/v1');
    expect(first.getByText(`${'x'.repeat(100)}…`)).toBeTruthy();
    expect(within(cards[1]!).getByRole('link', { name: /Watch Video/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=yt2');
  });

  it("dates a card by the meeting its title names, else says the day is the upload's", async () => {
    const videos = [video(1, { title: 'City Council Regular Meeting - January 13, 2026', published_at: '2026-01-15T12:00:00.000Z' }), video(2)];
    renderApp({ path: '/city/fairview-ca', api: cityApi(videos) });
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText('Held January 13, 2026').getAttribute('datetime')).toBe('2026-01-13');
    expect(within(cards[1]!).getByText('Posted March 8, 2026')).toBeTruthy();
  });

  it("says 'No videos available yet.' for a city without meetings", async () => {
    renderApp({ path: '/city/fairview-ca', api: cityApi([]) });
    expect(await screen.findByText('No videos available yet.')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it("shows 'City Not Found' and the 'City not found' toast for an unknown city", async () => {
    renderApp({ path: '/city/atlantis', api: { 'GET /api/cities/atlantis': () => errorResponse(404, 'NOT_FOUND', 'City not found') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'City Not Found' })).toBeTruthy();
    expect(screen.getByText("The city you're looking for doesn't exist or has been removed.")).toBeTruthy();
    expect(await screen.findByText('City not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Cities' }).getAttribute('href')).toBe('/');
  });

  it("toasts 'Failed to load videos' and offers to try again", async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/city/fairview-ca',
      api: {
        'GET /api/cities/fairview-ca': () => fairview,
        'GET /api/cities/fairview-ca/videos': () => (fail ? errorResponse(500, 'INTERNAL', 'boom') : [video(1)]),
      },
    });
    expect(await screen.findByText('Failed to load videos')).toBeTruthy();
    expect(screen.getByText('The meetings could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Council meeting 1' })).toBeTruthy();
  });

  it("toasts 'An unexpected error occurred' when the city cannot be read for another reason", async () => {
    renderApp({ path: '/city/fairview-ca', api: { 'GET /api/cities/fairview-ca': () => errorResponse(500, 'INTERNAL', 'boom') } });
    expect(await screen.findByText('An unexpected error occurred')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'This city could not be loaded' })).toBeTruthy();
  });

  it('shows an admin the status of a Test city on its banner, and everyone that an archived city is archived', async () => {
    const cedar = { ...fairview, status: 'Test' };
    const { unmount } = renderApp({ path: '/city/fairview-ca', api: { ...cityApi([video(1)]), 'GET /api/cities/fairview-ca': () => cedar } });
    const banner = await screen.findByTestId('city-banner');
    expect(within(banner).getByText('Test')).toBeTruthy();
    expect(within(banner).queryByTestId('city-archived')).toBeNull();
    unmount();

    renderApp({ path: '/city/fairview-ca', api: { ...cityApi([video(1)]), 'GET /api/cities/fairview-ca': () => ({ ...fairview, status: 'Archive' }) } });
    const archived = await screen.findByTestId('city-banner');
    expect(within(archived).getByText('Archived')).toBeTruthy();
    expect(within(archived).getByTestId('city-archived').textContent).toContain("we no longer follow this city's meetings");
  });

  it('shows no status on a Live city', async () => {
    renderApp({ path: '/city/fairview-ca', api: cityApi([video(1)]) });
    const banner = await screen.findByTestId('city-banner');
    expect(within(banner).queryByText(/^(Test|New|Archived)$/)).toBeNull();
  });
});
