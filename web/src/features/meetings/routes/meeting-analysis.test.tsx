import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorResponse } from '@testing/fake-api.js';
import { installFakePlayer } from '@testing/fake-player.js';
import { analysisAnswer, meetingAnswer, segmentsAnswer } from '@testing/meeting-builders.js';
import { renderApp } from '@testing/render.js';
import { shouldAutoAnalyze } from '../components/auto-run.js';
import { parseMomentParam } from '@/lib/playback.js';

let player: ReturnType<typeof installFakePlayer>;
afterEach(() => player?.uninstall());

function openMeeting(path: string, meeting = meetingAnswer({ analysis_results: analysisAnswer() }), lines = 10) {
  player = installFakePlayer();
  return renderApp({
    path,
    api: {
      'GET /api/videos/v1': () => meeting,
      'GET /api/videos/v1/segments': () => segmentsAnswer(lines),
      'POST /api/functions/analyzeVideoTranscript': () => ({ analysis: analysisAnswer() }),
    },
  });
}

describe('a meeting whose link cannot be embedded', () => {
  it("shows 'Unable to embed video' with a watch link for anything else", async () => {
    openMeeting('/meeting/v1', meetingAnswer({ video_url: 'https://vimeo.com/123456', embed_video_id: null }));
    await screen.findByText('Unable to embed video');
    expect(screen.getByRole('link', { name: /Watch on YouTube/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(player.mounts).toHaveLength(0);
  });
});

describe('the analysis page', () => {
  it('shows the meeting, its analysis and a back link to its city', async () => {
    openMeeting('/city/fairview-ca/meeting/v1');
    await screen.findByRole('heading', { level: 1, name: 'Council meeting' });
    expect(screen.getByRole('link', { name: 'Back to Fairview' }).getAttribute('href')).toBe('/city/fairview-ca');
    for (const title of ['Description', 'Summary', 'Key Highlights', 'Action Items', 'Key Entities']) screen.getByRole('heading', { name: title });
    expect(screen.getByRole('link', { name: 'View Story' }).getAttribute('href')).toBe('/city/fairview-ca/meeting-story/v1');
    screen.getByText('City Clerk');
    screen.getByText('April 1');
    // An admin may redo an analysis; a visitor has nothing to start once one exists.
    expect(screen.queryByRole('button', { name: 'Analyze Meeting' })).toBeNull();
  });

  it("says 'Back to Home' for a meeting without a city", async () => {
    openMeeting('/meeting/v1', meetingAnswer({ city: null }));
    expect((await screen.findByRole('link', { name: 'Back to Home' })).getAttribute('href')).toBe('/');
  });

  it("says 'Video Not Found' for a missing meeting", async () => {
    player = installFakePlayer();
    renderApp({ path: '/meeting/v9', api: { 'GET /api/videos/v9': () => errorResponse(404, 'NOT_FOUND', 'No such video') } });
    await screen.findByRole('heading', { name: 'Video Not Found' });
    screen.getByText("The video you're looking for doesn't exist.");
  });

  it('seeks the player to the second of a clicked transcript line and of a highlight, and marks the spoken line', async () => {
    const { user } = openMeeting('/meeting/v1');
    const line = await screen.findByRole('button', { name: /^1:30 Line 3/ });
    await user.click(line);
    expect(player.seeks).toEqual([90]);
    expect(line.getAttribute('aria-current')).toBe('time');
    await user.click(screen.getByRole('button', { name: 'Play from 1:30: Budget vote' }));
    await user.click(screen.getByRole('button', { name: 'Play from 2:00: quote by Clerk Ortiz' }));
    expect(player.seeks).toEqual([90, 90, 120]);
  });

  it('follows the video: the line being spoken is the current one as the player moves on', async () => {
    openMeeting('/meeting/v1');
    await screen.findByRole('button', { name: /^0:00 Line 0/ });
    act(() => player.at(155));
    await waitFor(() => expect(screen.getByRole('button', { name: /^2:30 Line 5/ }).getAttribute('aria-current')).toBe('time'));
  });

  it('starts the video and the transcript at ?t=', async () => {
    openMeeting('/meeting/v1?t=95');
    const line = await screen.findByRole('button', { name: /^1:30 Line 3/ });
    expect(player.mounts[0]).toMatchObject({ videoId: 'dQw4w9WgXcQ', startSeconds: 95 });
    expect(line.getAttribute('aria-current')).toBe('time');
  });

  it('reads ?t= as seconds, 1m30s or 1:30, and anything else as the start', () => {
    expect(parseMomentParam('95')).toBe(95);
    expect(parseMomentParam('1m30s')).toBe(90);
    expect(parseMomentParam('1:02:03')).toBe(3723);
    expect(parseMomentParam('soon')).toBe(0);
    expect(parseMomentParam(null)).toBe(0);
  });

  it('finds text in the transcript, counts the matches and steps through them', async () => {
    const { user } = openMeeting('/meeting/v1');
    const find = await screen.findByRole('searchbox', { name: 'Find in transcript' });
    await user.type(find, 'line 1');
    // "Line 1" and nothing else among 0..9.
    screen.getByText('1 of 1');
    await user.clear(find);
    await user.type(find, 'budget{Enter}');
    screen.getByText('2 of 10');
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    screen.getByText('10 of 10');
    expect(screen.getAllByText('budget', { selector: 'mark' }).length).toBeGreaterThan(0);
  });

  it('shows quotes as their verification allows', async () => {
    openMeeting('/meeting/v1');
    const highlights = (await screen.findByRole('heading', { name: 'Key Highlights' })).closest('div')!.parentElement!;
    const verified = within(highlights).getByText('“We pass this budget tonight”');
    expect(verified.tagName).toBe('BLOCKQUOTE');
    const paraphrase = within(highlights).getByText(/the parks get more money/);
    expect(paraphrase.closest('blockquote')).toBeNull();
    within(paraphrase).getByText('Paraphrased');
    expect(paraphrase.textContent).not.toContain('“');
    expect(within(highlights).queryByText(/an invented line/)).toBeNull();
    within(highlights).getByText('Not found in the transcript');
  });
});

describe('automatic analysis (spec §4)', () => {
  it('starts only with a transcript, without an analysis and when none is running', () => {
    expect(shouldAutoAnalyze({ transcript: 'Mayor: hi', analysis_results: null }, false)).toBe(true);
    expect(shouldAutoAnalyze({ transcript: 'Mayor: hi', analysis_results: null }, true)).toBe(false);
    expect(shouldAutoAnalyze({ transcript: '  ', analysis_results: null }, false)).toBe(false);
    expect(shouldAutoAnalyze({ transcript: null, analysis_results: null }, false)).toBe(false);
    expect(shouldAutoAnalyze({ transcript: 'Mayor: hi', analysis_results: analysisAnswer() }, false)).toBe(false);
  });

  it('analyses once on the first visit, then shows the analysis the server stored', async () => {
    let analysed = false;
    player = installFakePlayer();
    const { api } = renderApp({
      path: '/meeting/v1',
      api: {
        'GET /api/videos/v1': () => meetingAnswer({ analysis_results: analysed ? analysisAnswer() : null }),
        'GET /api/videos/v1/segments': () => segmentsAnswer(3),
        'POST /api/functions/analyzeVideoTranscript': () => {
          analysed = true;
          return { analysis: analysisAnswer() };
        },
      },
    });
    await screen.findByText('The council passed the budget.');
    expect(api.callsTo('POST /api/functions/analyzeVideoTranscript')).toHaveLength(1);
    expect(api.callsTo('POST /api/functions/analyzeVideoTranscript')[0]!.body).toEqual({ recordId: 'v1' });
    await screen.findByText('Analysis completed successfully');
  });

  it('does not start without a transcript, and Analyze Meeting is disabled with the reason', async () => {
    const { api } = openMeeting('/meeting/v1', meetingAnswer({ transcript: null }));
    const button = await screen.findByRole('button', { name: 'Analyze Meeting' });
    expect(button).toHaveProperty('disabled', true);
    screen.getByText('Video must have a transcript to run analysis');
    screen.getByText('No transcript available');
    expect(api.callsTo('POST /api/functions/analyzeVideoTranscript')).toHaveLength(0);
  });

  it("says 'Analysis failed' with the server's reason and does not try again by itself", async () => {
    player = installFakePlayer();
    const { api } = renderApp({
      path: '/meeting/v1',
      api: {
        'GET /api/videos/v1': () => meetingAnswer(),
        'GET /api/videos/v1/segments': () => segmentsAnswer(3),
        'POST /api/functions/analyzeVideoTranscript': () => errorResponse(502, 'UPSTREAM', 'The model is down'),
      },
    });
    await screen.findByText('Analysis failed');
    screen.getByText('The model is down');
    expect(api.callsTo('POST /api/functions/analyzeVideoTranscript')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Analyze Meeting' })).toHaveProperty('disabled', false);
  });
});
