import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PipelineReport } from '@domain/admin.js';
import { adminVideoAnswer } from '@testing/builders.js';
import { adminSession, errorResponse, memberSession } from '@testing/fake-api.js';
import { renderApp } from '@testing/render.js';

const usage = { calls: 4, failed_calls: 1, offline_calls: 0, tokens_in: 1200, tokens_out: 300, cost_usd: 0.0042, meetings: 2, per_meeting: { cost_usd: 0.0021, tokens_in: 600, tokens_out: 150 } };
const CITY_ID = '5f0c1a52-8a5e-4c3b-9d57-0d2b1f6a7e01';
const VIDEO_ID = '9b1e7c64-2f3d-4e8a-a1b2-3c4d5e6f7a80';
const SOURCE = { source_id: 'c2d3e4f5-0a1b-4c2d-8e3f-405162738495', url: 'https://www.youtube.com/@FairviewCouncil', title: 'Fairview Council', attempts: 2, error: 'The channel page timed out', at: '2026-03-01T08:00:00.000Z' };
const report: PipelineReport = {
  generated_at: '2026-03-02T10:00:00.000Z',
  since: '2026-01-31T10:00:00.000Z',
  usage_days: 30,
  cities: [
    {
      id: CITY_ID,
      location_key: 'fairview-ca',
      name: 'Fairview',
      state: 'CA',
      status: 'Live',
      videos: { total: 5, with_transcript: 4, analysed: 3, with_story: 2 },
      failures: {
        count: 1,
        latest: [{ video_id: 'yt1', city_video_id: VIDEO_ID, title: 'Council, March 1', stage: 'analysis', attempts: 3, error: 'model timed out', at: '2026-03-01T10:00:00.000Z' }],
        discovery: [],
      },
      llm: usage,
      last_run: { id: 'r1', command: 'batch', status: 'failed', started_at: '2026-03-01T09:00:00.000Z', finished_at: '2026-03-01T09:10:00.000Z' },
    },
  ],
  totals: { videos: { total: 5, with_transcript: 4, analysed: 3, with_story: 2 }, failures: 1, model: usage, last_run: null },
  videos: [],
};

describe('the Admin Panel', () => {
  it('shows its screens and the pipeline, and retries a failed stage', async () => {
    const { user, api } = renderApp({
      path: '/admin',
      api: {
        'GET /api/auth/session': () => adminSession(),
        'GET /api/admin/pipeline': () => report,
        [`POST /api/admin/videos/${VIDEO_ID}/retry`]: () => ({ ok: false, error: 'model timed out again', video: adminVideoAnswer(VIDEO_ID) }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Admin Panel' });
    const links = within(screen.getByRole('navigation', { name: 'Admin screens' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/city-management', '/admin/content-management', '/admin/business-directory', '/admin/error-reports']);
    const city = await screen.findByRole('region', { name: 'Pipeline of Fairview, CA' });
    within(city).getByText('Last 30 days: 4 model calls (1 failed), 1.2k tokens in / 300 out, $0.0042');
    screen.getByText('All cities: 5 videos, 1 failed; last 30 days: 4 model calls (1 failed), 1.2k tokens in / 300 out, $0.0042');
    within(city).getByText('Last run: batch, ended with failures, March 1, 2026');
    within(city).getByText('model timed out');
    await user.click(within(city).getByRole('button', { name: 'Retry analysis of Council, March 1' }));
    // Our id of the video, not the platform's: the retry route takes that.
    expect(api.callsTo(`POST /api/admin/videos/${VIDEO_ID}/retry`).map((r) => r.body)).toEqual([{ stage: 'analysis' }]);
    await screen.findByText('The analysis stage failed again');
    // The server's reason, read from a well-formed answer.
    await screen.findByText('model timed out again');
  });

  it("retries a source's failed discovery through Refresh videos' call, and says when it fails again", async () => {
    const failing = { ...report, cities: report.cities.map((c) => ({ ...c, failures: { count: 1, latest: [], discovery: [SOURCE] } })) };
    const { user, api } = renderApp({
      path: '/admin',
      api: {
        'GET /api/auth/session': () => adminSession(),
        'GET /api/admin/pipeline': () => failing,
        'POST /api/functions/fetchYoutubeVideos': () => errorResponse(502, 'UPSTREAM', 'YouTube answered 500'),
      },
    });
    const city = await screen.findByRole('region', { name: 'Pipeline of Fairview, CA' });
    within(city).getByText('The channel page timed out');
    within(city).getByText('discovery failed after 2 attempts on March 1, 2026');
    await user.click(within(city).getByRole('button', { name: 'Retry discovery of Fairview Council' }));
    await screen.findByText('Discovery failed again');
    await screen.findByText('Function call failed: 502 - YouTube answered 500');
    expect(api.callsTo('POST /api/functions/fetchYoutubeVideos').map((r) => r.body)).toEqual([{ url: SOURCE.url, cityId: CITY_ID }]);

    // Found this time: the card is read again and the line is gone.
    api.on('POST /api/functions/fetchYoutubeVideos', () => ({ success: true, source: { id: SOURCE.source_id, url: SOURCE.url }, found: 3, inserted: 3 }));
    api.on('GET /api/admin/pipeline', () => report);
    await user.click(within(city).getByRole('button', { name: 'Retry discovery of Fairview Council' }));
    await screen.findByText('Videos refreshed successfully');
    await waitFor(() => expect(within(city).queryByText('The channel page timed out')).toBeNull());
    expect(api.callsTo('POST /api/functions/fetchYoutubeVideos')).toHaveLength(2);
  });

  it('lists the drafts waiting for review, oldest first, each opening in the Story Manager', async () => {
    const drafts = [
      { id: VIDEO_ID, video_id: 'fvCC2026a01', title: 'Council, March 1', city: 'Fairview', draft_generated_at: '2026-03-01T18:30:00.000Z' },
      { id: 'a8f0c2d4-1b3e-4f5a-9c7d-2e4f6a8b0c1d', video_id: 'fvCC2026a02', title: null, city: 'Fairview', draft_generated_at: '2026-03-04T18:30:00.000Z' },
    ];
    renderApp({ path: '/admin', api: { 'GET /api/auth/session': () => adminSession(), 'GET /api/admin/pipeline': () => report, 'GET /api/admin/drafts': () => drafts } });
    const card = await screen.findByRole('region', { name: 'Drafts waiting for review' });
    await within(card).findByText('2 waiting');
    const lines = within(within(card).getByRole('list', { name: 'Drafts waiting for review' })).getAllByRole('listitem');
    expect(lines.map((line) => within(line).getByRole('link').getAttribute('href'))).toEqual([
      `/admin/story-playground?videoId=${VIDEO_ID}`,
      '/admin/story-playground?videoId=a8f0c2d4-1b3e-4f5a-9c7d-2e4f6a8b0c1d',
    ]);
    within(lines[0]!).getByRole('link', { name: 'Council, March 1' });
    // No title: the platform's id names it.
    within(lines[1]!).getByRole('link', { name: 'fvCC2026a02' });
    expect(lines[0]!.textContent).toMatch(/Fairview · waiting since Mar 1, 2026/);
  });

  it('says when no draft waits', async () => {
    renderApp({ path: '/admin', api: { 'GET /api/auth/session': () => adminSession(), 'GET /api/admin/pipeline': () => report, 'GET /api/admin/drafts': () => [] } });
    const card = await screen.findByRole('region', { name: 'Drafts waiting for review' });
    await within(card).findByText('No drafts are waiting for review.');
  });

  it("refuses a member with the spec's words", async () => {
    renderApp({ path: '/admin', api: { 'GET /api/auth/session': () => memberSession() } });
    await screen.findByText("You don't have permission to access the admin panel.");
    expect(screen.queryByRole('navigation', { name: 'Admin screens' })).toBeNull();
  });
});
