import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORY_IN_REVIEW } from '@domain/news-story.js';
import { EDITED_STORY_REGENERATE } from '@domain/newsroom.js';
import { adminSession, errorResponse, jsonResponse } from '@testing/fake-api.js';
import { analysisAnswer, meetingAnswer, newsroomViewAnswer, storyAnswer, storyRecordAnswer } from '@testing/meeting-builders.js';
import { renderApp } from '@testing/render.js';
import { shouldAutoWriteStory } from '../components/auto-run.js';

const published = (record = storyRecordAnswer()) =>
  meetingAnswer({ analysis_results: analysisAnswer(), news_story: JSON.stringify(storyAnswer()), story_generated_at: '2026-03-02T10:00:00.000Z', story_record: record });
const waiting = () => meetingAnswer({ analysis_results: analysisAnswer(), story_record: storyRecordAnswer({ in_review: true }) });

/** Issue 24: what readers are told of a story's care, and what waits for an editor. */
describe('the story page and the newsroom', () => {
  it('says when an editor reviewed and updated the story, and shows its correction notes', async () => {
    const record = storyRecordAnswer({
      reviewed_at: '2026-03-05T15:00:00.000Z',
      updated_at: '2026-03-06T15:00:00.000Z',
      corrections: [
        { at: '2026-03-06T15:00:00.000Z', note: 'The vote was 4-1, not 5-0.' },
        { at: '2026-03-04T15:00:00.000Z', note: 'The clerk is Ms. Ortiz.' },
      ],
    });
    renderApp({ path: '/city/fairview-ca/meeting-story/v1', api: { 'GET /api/videos/v1': () => published(record) } });
    await screen.findByRole('heading', { level: 2, name: 'Council passes budget' });
    screen.getByText("Written automatically from the meeting's transcript by the language model gpt-test on March 2, 2026; reviewed by an editor on March 5, 2026.");
    expect(screen.getByText(/^Updated/).textContent).toBe('Updated March 6, 2026');
    const corrections = screen.getByRole('region', { name: 'Corrections' });
    const notes = within(corrections).getAllByRole('listitem').map((item) => item.textContent);
    expect(notes).toEqual(['March 6, 2026The vote was 4-1, not 5-0.', 'March 4, 2026The clerk is Ms. Ortiz.']);
    // The verified quote keeps its link to the moment.
    screen.getByRole('link', { name: 'Watch at 1:30' });
  });

  it('names the offline analyzer as the writer', async () => {
    const story = storyAnswer({ generator: { kind: 'local', model: 'local-analyzer', generated_at: '2026-03-02T10:00:00.000Z' } });
    renderApp({ path: '/story/v1', api: { 'GET /api/videos/v1': () => meetingAnswer({ analysis_results: analysisAnswer(), news_story: JSON.stringify(story) }) } });
    await screen.findByText("Written automatically from the meeting's transcript by the offline analyzer on March 2, 2026; not reviewed by an editor.");
  });

  it('tells a visitor a story waits for review, and neither writes one nor offers to', async () => {
    const { api } = renderApp({ path: '/story/v1', api: { 'GET /api/videos/v1': waiting } });
    await screen.findByText(STORY_IN_REVIEW);
    expect(screen.queryByRole('button', { name: 'Generate News Story' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Draft — not yet published' })).toBeNull();
    expect(api.callsTo('POST /api/functions/writeTranscriptStory')).toHaveLength(0);
    expect(api.callsTo('GET /api/admin/videos/v1/story')).toHaveLength(0);
  });

  it("shows the notice when the visitor's own call turns out a draft (202), with no success toast", async () => {
    let written = false;
    const { api } = renderApp({
      path: '/story/v1',
      api: {
        'GET /api/videos/v1': () => (written ? waiting() : meetingAnswer({ analysis_results: analysisAnswer() })),
        'POST /api/functions/writeTranscriptStory': () => {
          written = true;
          return jsonResponse(202, { in_review: true, message: STORY_IN_REVIEW });
        },
      },
    });
    await screen.findByText(STORY_IN_REVIEW);
    expect(api.callsTo('POST /api/functions/writeTranscriptStory')).toHaveLength(1);
    expect(screen.queryByText('Story Generated')).toBeNull();
    expect(screen.queryByText('Failed to generate the news story. Please try again.')).toBeNull();
  });

  it('keeps showing a visitor the published story while a new one waits', async () => {
    renderApp({ path: '/story/v1', api: { 'GET /api/videos/v1': () => published(storyRecordAnswer({ in_review: true })) } });
    await screen.findByRole('heading', { level: 2, name: 'Council passes budget' });
    expect(screen.queryByText(STORY_IN_REVIEW)).toBeNull();
  });

  it('shows an admin the draft under its banner, links the Story Manager, and approves it', async () => {
    let approved = false;
    const { user, api } = renderApp({
      path: '/story/v1',
      api: {
        'GET /api/auth/session': () => adminSession(),
        'GET /api/videos/v1': () => (approved ? published(storyRecordAnswer({ reviewed_at: '2026-03-07T15:00:00.000Z' })) : waiting()),
        'GET /api/admin/videos/v1/story': () => newsroomViewAnswer(),
        'POST /api/admin/videos/v1/story/approve': () => {
          approved = true;
          return newsroomViewAnswer({ state: 'published', draft: null, published: { story: JSON.stringify(storyAnswer()), generated_at: '2026-03-03T10:00:00.000Z' } });
        },
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Draft — not yet published' });
    screen.getByRole('heading', { level: 2, name: 'Draft: council passes budget' });
    screen.getByText(/Readers see only a notice that this meeting's story is waiting/);
    expect(screen.getByRole('link', { name: 'Edit in Story Manager' }).getAttribute('href')).toBe('/admin/story-playground?videoId=v1');
    expect(api.callsTo('POST /api/functions/writeTranscriptStory')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve and publish' }));
    await screen.findByText('Story published');
    expect(api.callsTo('POST /api/admin/videos/v1/story/approve').map((call) => call.body)).toEqual([{ version: 'v-1' }]);
    await screen.findByText(/reviewed by an editor on March 7, 2026\.$/);
    expect(screen.queryByRole('heading', { name: 'Draft — not yet published' })).toBeNull();
  });

  it('asks before regenerating a story a person edited, then saves the new one as a draft for review', async () => {
    const { user, api } = renderApp({
      path: '/story/v1',
      api: {
        'GET /api/auth/session': () => adminSession(),
        'GET /api/videos/v1': () => published(),
        'POST /api/functions/writeTranscriptStory': (request) =>
          (request.body as { replaceEdited?: boolean }).replaceEdited ? { ...storyAnswer(), draft: true } : errorResponse(409, 'CONFLICT', EDITED_STORY_REGENERATE),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Replace this story?' })).getByRole('button', { name: 'Replace story' }));
    const ask = await screen.findByRole('dialog', { name: 'Replace an edited story?' });
    within(ask).getByText(EDITED_STORY_REGENERATE);
    await user.click(within(ask).getByRole('button', { name: 'Replace edited story' }));
    await screen.findByText('Draft saved for review');
    expect(api.callsTo('POST /api/functions/writeTranscriptStory').map((call) => call.body)).toEqual([{ recordId: 'v1' }, { recordId: 'v1', replaceEdited: true }]);
  });

  it('writes by itself only when no story waits for review', () => {
    const analysis = analysisAnswer();
    expect(shouldAutoWriteStory({ analysis_results: analysis, news_story: null, story_record: storyRecordAnswer() }, false)).toBe(true);
    expect(shouldAutoWriteStory({ analysis_results: analysis, news_story: null, story_record: storyRecordAnswer({ in_review: true }) }, false)).toBe(false);
  });
});

describe('corrections on the meeting page', () => {
  it('follow the Decisions list', async () => {
    const record = storyRecordAnswer({ corrections: [{ at: '2026-03-06T15:00:00.000Z', note: 'The second vote failed 2-3.' }] });
    renderApp({
      path: '/meeting/v1',
      api: { 'GET /api/videos/v1': () => meetingAnswer({ transcript: null, analysis_results: analysisAnswer({ decisions: [] }), story_record: record }) },
    });
    const corrections = await screen.findByRole('region', { name: 'Corrections' });
    within(corrections).getByText('The second vote failed 2-3.');
    // Right after the Decisions section.
    const decisions = screen.getByRole('region', { name: 'Decisions' });
    await waitFor(() => expect(decisions.nextElementSibling).toBe(corrections));
  });
});
