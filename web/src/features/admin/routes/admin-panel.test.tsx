import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PipelineReport } from '../../../../../core/domain/admin.js';
import { adminSession, memberSession } from '../../../../testing/fake-api.js';
import { renderApp } from '../../../../testing/render.js';

const usage = { calls: 4, failedCalls: 1, tokensIn: 1200, tokensOut: 300, costUsd: 0.0042, meetings: 2 };
const report: PipelineReport = {
  generated_at: '2026-03-02T10:00:00.000Z',
  cities: [
    {
      location_key: 'fairview-ca',
      name: 'Fairview',
      state: 'CA',
      status: 'Live',
      videos: { total: 5, withTranscript: 4, analysed: 3, withStory: 2 },
      failures: {
        count: 1,
        latest: [{ videoId: 'yt1', title: 'Council, March 1', stage: 'analysis', attempts: 3, error: 'model timed out', at: '2026-03-01T10:00:00.000Z' }],
        discovery: [],
      },
      llm: usage,
      last_run: { id: 'r1', command: 'batch', status: 'failed', startedAt: '2026-03-01T09:00:00.000Z', finishedAt: '2026-03-01T09:10:00.000Z' },
    },
  ],
  totals: { videos: { total: 5, withTranscript: 4, analysed: 3, withStory: 2 }, failures: 1, model: usage, lastRun: null },
  videos: [],
};

describe('the Admin Panel', () => {
  it('shows its three screens and the pipeline, and retries a failed stage', async () => {
    const { user, api } = renderApp({
      path: '/admin',
      api: {
        'GET /api/auth/session': () => adminSession(),
        'GET /api/admin/pipeline': () => report,
        'POST /api/admin/videos/yt1/retry': () => ({ ok: false, error: 'model timed out again', video: null }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Admin Panel' });
    const links = within(screen.getByRole('navigation', { name: 'Admin screens' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/city-management', '/admin/content-management', '/admin/business-directory']);
    const city = await screen.findByRole('region', { name: 'Pipeline of Fairview, CA' });
    within(city).getByText('4 model calls (1 failed), 1,500 tokens, $0.0042');
    within(city).getByText('Last run: batch, ended with failures, March 1, 2026');
    within(city).getByText('model timed out');
    await user.click(within(city).getByRole('button', { name: 'Retry analysis of Council, March 1' }));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ stage: 'analysis' });
  });

  it("refuses a member with the spec's words", async () => {
    renderApp({ path: '/admin', api: { 'GET /api/auth/session': () => memberSession() } });
    await screen.findByText("You don't have permission to access the admin panel.");
    expect(screen.queryByRole('navigation', { name: 'Admin screens' })).toBeNull();
  });
});
