import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminVideo, VideoStageState } from '@domain/admin.js';
import { adminVideoAnswer } from '@testing/builders.js';
import { adminSession, errorResponse } from '@testing/fake-api.js';
import { renderWithProviders } from '@testing/render.js';
import { useAdminVideo } from '../api/admin-videos.js';
import { VideoPipeline } from './video-pipeline.js';

const VIDEO_ID = '2a7c9e41-5b3d-4f6a-8c1e-9d0b2f4a6c83';
const stage = (overrides: Partial<VideoStageState> & Pick<VideoStageState, 'stage' | 'status'>): VideoStageState => ({
  attempts: 1,
  last_error: null,
  finished_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const adminVideo = (stages: VideoStageState[]): AdminVideo => adminVideoAnswer(VIDEO_ID, { stages });

const failedTranscript = [
  stage({ stage: 'discover', status: 'done' }),
  stage({ stage: 'transcript', status: 'failed', attempts: 3, last_error: 'YouTube is throttling caption requests' }),
  stage({ stage: 'analysis', status: 'pending', attempts: 0, finished_at: null }),
];
const llm = { calls: 3, failed_calls: 1, offline_calls: 0, tokens_in: 1200, tokens_out: 300, cost_usd: 0.0042 };
const transcribed = failedTranscript.map((row) => (row.stage === 'transcript' ? { ...row, status: 'done', last_error: null, attempts: 4 } : row));

/** The list as content management shows it: read from the server, and read again after a retry. */
function FromServer() {
  const video = useAdminVideo(VIDEO_ID);
  return video.data ? <VideoPipeline video={video.data} llm={null} /> : null;
}

describe("content management's video pipeline", () => {
  it('offers Retry on a failed stage only, and posts it with our id of the video', async () => {
    const { user, api } = renderWithProviders(<VideoPipeline video={adminVideo(failedTranscript)} llm={llm} />, {
      api: {
        'GET /api/auth/session': () => adminSession(),
        [`POST /api/admin/videos/${VIDEO_ID}/retry`]: () => ({ ok: true, error: null, video: adminVideo([]) }),
      },
    });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryAllByRole('button').map((button) => button.getAttribute('aria-label')))).toEqual([
      [],
      ['Retry transcript of Council, March 1'],
      [],
    ]);
    screen.getByText('YouTube is throttling caption requests');
    await user.click(screen.getByRole('button', { name: 'Retry transcript of Council, March 1' }));
    await screen.findByText('Stage completed');
    expect(api.callsTo(`POST /api/admin/videos/${VIDEO_ID}/retry`).map((call) => call.body)).toEqual([{ stage: 'transcript' }]);
  });

  it('says the stage did not run, not that it completed, when another run holds the video (409)', async () => {
    const { user } = renderWithProviders(<VideoPipeline video={adminVideo(failedTranscript)} llm={llm} />, {
      api: {
        'GET /api/auth/session': () => adminSession(),
        [`GET /api/admin/videos/${VIDEO_ID}`]: () => adminVideo(failedTranscript),
        [`POST /api/admin/videos/${VIDEO_ID}/retry`]: () => errorResponse(409, 'CONFLICT', 'This meeting is being processed right now; try again in a minute'),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Retry transcript of Council, March 1' }));
    await screen.findByText('The transcript stage did not run');
    screen.getByText('This meeting is being processed right now; try again in a minute');
    expect(screen.queryByText('Stage completed')).toBeNull();
  });

  it('says the stage completed although the retried row is gone once the video is read again', async () => {
    let retried = false;
    const { user } = renderWithProviders(<FromServer />, {
      api: {
        'GET /api/auth/session': () => adminSession(),
        [`GET /api/admin/videos/${VIDEO_ID}`]: () => adminVideo(retried ? transcribed : failedTranscript),
        [`POST /api/admin/videos/${VIDEO_ID}/retry`]: () => {
          retried = true;
          return { ok: true, error: null, video: adminVideo(transcribed) };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry transcript of Council, March 1' }));
    await screen.findByText('Stage completed');
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(within(screen.getAllByRole('row')[2]!).getByText('done')).toBeTruthy();
  });

  it('says when the stage fails again', async () => {
    const { user } = renderWithProviders(<VideoPipeline video={adminVideo(failedTranscript)} llm={null} />, {
      api: {
        'GET /api/auth/session': () => adminSession(),
        [`POST /api/admin/videos/${VIDEO_ID}/retry`]: () => ({ ok: false, error: 'YouTube is still throttling', video: adminVideo(failedTranscript) }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Retry transcript of Council, March 1' }));
    await screen.findByText('The transcript stage failed again');
    await screen.findByText('YouTube is still throttling');
  });

  it('has no Retry for a failed stage the route cannot run again', () => {
    renderWithProviders(<VideoPipeline video={adminVideo([stage({ stage: 'discover', status: 'failed', last_error: 'gone' })])} llm={null} />, {
      api: { 'GET /api/auth/session': () => adminSession() },
    });
    screen.getByText('gone');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("labels the video's model cost as all-time (the pipeline card's is the last 30 days)", () => {
    renderWithProviders(<VideoPipeline video={adminVideo(failedTranscript)} llm={llm} />, { api: { 'GET /api/auth/session': () => adminSession() } });
    screen.getByText('All time: 3 model calls (1 failed), 1.2k tokens in / 300 out, $0.0042');
  });

  it("names a video analysed offline by its offline analyzer runs, with no tokens", () => {
    const offline = { calls: 2, failed_calls: 0, offline_calls: 2, tokens_in: 0, tokens_out: 0, cost_usd: 0 };
    renderWithProviders(<VideoPipeline video={adminVideo(failedTranscript)} llm={offline} />, { api: { 'GET /api/auth/session': () => adminSession() } });
    screen.getByText('All time: 2 offline analyzer runs, no model called, $0.00');
  });
});
