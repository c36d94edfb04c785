import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSession, errorResponse } from '@testing/fake-api.js';
import { analysisAnswer, meetingAnswer, storyAnswer } from '@testing/meeting-builders.js';
import { renderApp } from '@testing/render.js';
import { shouldAutoWriteStory } from '../components/auto-run.js';
import { readStory } from '../components/story/read-story.js';

afterEach(() => vi.restoreAllMocks());

const withStory = () => meetingAnswer({ analysis_results: analysisAnswer(), news_story: JSON.stringify(storyAnswer()), story_generated_at: '2026-03-02T10:00:00.000Z' });

describe('the story page', () => {
  it('shows the story, its sidebar, its notes and how it was made', async () => {
    renderApp({ path: '/city/fairview-ca/meeting-story/v1', api: { 'GET /api/videos/v1': withStory } });
    await screen.findByRole('heading', { level: 1, name: 'News Story' });
    screen.getByRole('heading', { level: 2, name: 'Council passes budget' });
    expect(screen.getByRole('link', { name: 'View Analysis' }).getAttribute('href')).toBe('/city/fairview-ca/meeting/v1');
    screen.getByText('412 words');
    screen.getByText('Primary focus: Budget');
    screen.getByText('Second paragraph.');
    screen.getByText("Written automatically from the meeting's transcript by the language model gpt-test on March 2, 2026; not reviewed by an editor.");
    // Nobody edited or corrected it.
    expect(screen.queryByText(/^Updated/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Corrections' })).toBeNull();
    screen.getByText('“We pass this budget tonight”');
    expect(screen.getByRole('link', { name: 'Watch at 1:30' }).getAttribute('href')).toBe('/city/fairview-ca/meeting/v1?t=90');
    for (const title of ['Quick Facts', 'Background', 'Next Steps', "Editor's Notes"]) screen.getByRole('heading', { name: title });
    screen.getByText('Next meeting: April 14, 2026');
    screen.getByText('Totals were not read aloud');
    // The writer's note to the desk is no reader's business (issue 25).
    expect(screen.queryByText(/Written from the transcript\./)).toBeNull();
    // Replacing a story is for staff.
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it("shows an editor the writer's note to the desk, marked as such, and an ISO next meeting as a date", async () => {
    const story = storyAnswer();
    const answer = meetingAnswer({
      analysis_results: analysisAnswer(),
      news_story: JSON.stringify({ ...story, metadata: { ...story.metadata, next_meeting_date: '2026-04-20' } }),
      story_generated_at: '2026-03-02T10:00:00.000Z',
    });
    renderApp({ path: '/story/v1', api: { 'GET /api/auth/session': () => adminSession(), 'GET /api/videos/v1': () => answer } });
    await screen.findByText('Written from the transcript.');
    screen.getByText('For editors (readers do not see this):');
    screen.getByText('Next meeting: April 20, 2026');
  });

  it('treats a story that is not valid JSON as none, logging it, and writes one by itself', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let written = false;
    const { api } = renderApp({
      path: '/meeting-story/v1',
      api: {
        'GET /api/videos/v1': () => (written ? withStory() : meetingAnswer({ analysis_results: analysisAnswer(), news_story: 'Plain words, not JSON' })),
        'POST /api/functions/writeTranscriptStory': () => {
          written = true;
          return storyAnswer();
        },
      },
    });
    await screen.findByText('Council passes budget');
    expect(screen.queryByText('Plain words, not JSON')).toBeNull();
    expect(error).toHaveBeenCalledWith('The stored news story is not valid story JSON; showing none');
    expect(api.callsTo('POST /api/functions/writeTranscriptStory')).toHaveLength(1);
    await screen.findByText('Story Generated');
    screen.getByText('The news story has been successfully generated.');
  });

  it('reads stored stories: JSON of the story shape, else null', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readStory(JSON.stringify(storyAnswer()))?.article.headline).toBe('Council passes budget');
    expect(readStory('{"article": 1}')).toBeNull();
    expect(readStory('not json')).toBeNull();
    expect(readStory(null)).toBeNull();
  });

  it('disables Generate News Story without an analysis, with the reason, and starts nothing', async () => {
    const { api } = renderApp({ path: '/story/v1', api: { 'GET /api/videos/v1': () => meetingAnswer() } });
    const button = await screen.findByRole('button', { name: 'Generate News Story' });
    expect(button).toHaveProperty('disabled', true);
    screen.getByText('Analysis results are required to generate a story');
    expect(api.callsTo('POST /api/functions/writeTranscriptStory')).toHaveLength(0);
  });

  it("says 'Error' when writing fails", async () => {
    renderApp({
      path: '/story/v1',
      api: {
        'GET /api/videos/v1': () => meetingAnswer({ analysis_results: analysisAnswer() }),
        'POST /api/functions/writeTranscriptStory': () => errorResponse(502, 'UPSTREAM', 'down'),
      },
    });
    await screen.findByText('Failed to generate the news story. Please try again.');
    expect(screen.getByRole('button', { name: 'Generate News Story' })).toHaveProperty('disabled', false);
  });

  it('lets an admin regenerate after confirming', async () => {
    const { user, api } = renderApp({
      path: '/story/v1',
      api: { 'GET /api/auth/session': () => adminSession(), 'GET /api/videos/v1': withStory, 'POST /api/functions/writeTranscriptStory': () => storyAnswer() },
    });
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await screen.findByRole('dialog', { name: 'Replace this story?' });
    expect(api.callsTo('POST /api/functions/writeTranscriptStory')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Replace story' }));
    await screen.findByText('Story Generated');
    expect(api.callsTo('POST /api/functions/writeTranscriptStory')).toHaveLength(1);
  });

  it('generates automatically only with an analysis, without a story and when none is running', () => {
    const analysis = analysisAnswer();
    expect(shouldAutoWriteStory({ analysis_results: analysis, news_story: null }, false)).toBe(true);
    expect(shouldAutoWriteStory({ analysis_results: analysis, news_story: null }, true)).toBe(false);
    expect(shouldAutoWriteStory({ analysis_results: null, news_story: null }, false)).toBe(false);
    expect(shouldAutoWriteStory({ analysis_results: analysis, news_story: JSON.stringify(storyAnswer()) }, false)).toBe(false);
  });
});
