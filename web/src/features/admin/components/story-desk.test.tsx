import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NewsroomView } from '@domain/newsroom.js';
import { adminVideoAnswer } from '@testing/builders.js';
import { adminSession, errorResponse, type FakeHandler } from '@testing/fake-api.js';
import { newsroomViewAnswer, storyText } from '@testing/newsroom-builders.js';
import { renderWithProviders, typeInto } from '@testing/render.js';
import { StoryDesk } from './story-desk.js';

const ID = '2a7c9e41-5b3d-4f6a-8c1e-9d0b2f4a6c83';
const STORY_PATH = `/api/admin/videos/${ID}/story`;
// The builders' quote block, "We pass this budget tonight", was said at 1:30.
const SEGMENTS = {
  segments: [
    { start_ms: 0, end_ms: 5000, speaker: 'Mayor Ruiz', text: 'Good evening.' },
    { start_ms: 90_000, end_ms: 95_000, speaker: 'Mayor Ruiz', text: 'We pass this budget tonight. The vote was four to one.' },
  ],
};
const REFUSED_QUOTE = 'The quote is not in the transcript word for word: "We never said this at all". Quote the meeting exactly, or put the words in the story as prose.';

function renderDesk(view: NewsroomView, handlers: Record<string, FakeHandler> = {}) {
  return renderWithProviders(<StoryDesk video={adminVideoAnswer(ID)} meetingHref={`/meeting/${ID}`} />, {
    api: {
      'GET /api/auth/session': () => adminSession(),
      [`GET ${STORY_PATH}`]: () => view,
      [`GET /api/videos/${ID}/segments`]: () => SEGMENTS,
      ...handlers,
    },
  });
}

describe('the story editor', () => {
  it('edits the published story with a correction note, sends the version it read, and shows the saved story', async () => {
    const saved = newsroomViewAnswer(ID, { version: 'version-2', published: { story: storyText({ article: { headline: 'Council passes budget 4-1', body: 'First paragraph.\n\nSecond paragraph.', word_count: 4, primary_focus: 'Budget' } }), generated_at: null } });
    const { user, api } = renderDesk(newsroomViewAnswer(ID), { [`PUT ${STORY_PATH}`]: () => saved });
    await user.click(await screen.findByRole('button', { name: 'Edit the story' }));
    const headline = screen.getByLabelText(/Headline/);
    await user.clear(headline);
    await typeInto(user, headline, 'Council passes budget 4-1');
    await user.click(screen.getByRole('button', { name: 'Add a quick fact' }));
    await typeInto(user, screen.getByLabelText('Quick fact 2'), 'One member voted no');
    screen.getByText('Readers see this note under the story; write one when a published fact changed.');
    await typeInto(user, screen.getByLabelText('Correction note'), 'The vote was 4-1, not 5-0.');
    await user.click(screen.getByRole('button', { name: 'Save story' }));

    await screen.findByText('Story saved');
    expect(api.callsTo(`PUT ${STORY_PATH}`)[0]?.body).toMatchObject({
      version: 'version-1',
      headline: 'Council passes budget 4-1',
      quick_facts: ['Vote was 5-0', 'One member voted no'],
      correction_note: 'The vote was 4-1, not 5-0.',
    });
    // The editor closes on the story as saved.
    await screen.findByRole('heading', { name: 'Council passes budget 4-1' });
    expect(screen.queryByRole('form', { name: 'Edit the story' })).toBeNull();
  });

  it('checks the quote against the transcript as it is typed, and shows why the server refused it', async () => {
    const { user, api } = renderDesk(newsroomViewAnswer(ID), { [`PUT ${STORY_PATH}`]: () => errorResponse(400, 'BAD_INPUT', REFUSED_QUOTE) });
    await user.click(await screen.findByRole('button', { name: 'Edit the story' }));
    await screen.findByText('Verified. Said at 1:30');
    const quote = screen.getByLabelText('Words quoted');
    await user.clear(quote);
    await typeInto(user, quote, 'We never said this at all');
    await screen.findByText('Not found in the transcript word for word: saving will be refused.');
    await user.clear(quote);
    await typeInto(user, quote, 'the vote was four to one');
    await screen.findByText('Verified. Said at 1:30');

    await user.clear(quote);
    await typeInto(user, quote, 'We never said this at all');
    await user.click(screen.getByRole('button', { name: 'Save story' }));
    const form = screen.getByRole('form', { name: 'Edit the story' });
    expect((await within(form).findByRole('alert')).textContent).toContain(REFUSED_QUOTE);
    expect(api.callsTo(`PUT ${STORY_PATH}`)).toHaveLength(1);
    // Changing the form takes the server's reason away: it was about what was sent.
    await typeInto(user, quote, '!');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('warns of new words in quotation marks in the article that the transcript does not hold', async () => {
    const { user } = renderDesk(newsroomViewAnswer(ID));
    await user.click(await screen.findByRole('button', { name: 'Edit the story' }));
    await typeInto(user, screen.getByLabelText('Body'), ' The mayor said "we will cut the parks".');
    await screen.findByText(/“we will cut the parks” is in quotation marks but not in the transcript word for word/);
  });

  it('discards the changes on Cancel', async () => {
    const { user, api } = renderDesk(newsroomViewAnswer(ID));
    await user.click(await screen.findByRole('button', { name: 'Edit the story' }));
    await user.click(screen.getByRole('button', { name: 'Remove the quote' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit the story' }));
    expect((screen.getByLabelText('Words quoted') as HTMLTextAreaElement).value).toBe('We pass this budget tonight');
    expect(api.callsTo(`PUT ${STORY_PATH}`)).toHaveLength(0);
  });

  it('says under the headline that one is required, with the focus on it, and sends nothing (issue 28)', async () => {
    const { user, api } = renderDesk(newsroomViewAnswer(ID));
    await user.click(await screen.findByRole('button', { name: 'Edit the story' }));
    const headline = screen.getByRole('textbox', { name: 'Headline' });
    await user.clear(headline);
    await user.click(screen.getByRole('button', { name: 'Save story' }));
    expect(document.getElementById(headline.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A headline is required.');
    expect(document.activeElement).toBe(headline);
    await user.type(headline, 'Budget passes');
    expect(headline.getAttribute('aria-invalid')).toBeNull();
    expect(api.callsTo(`PUT ${STORY_PATH}`)).toHaveLength(0);
  });

  it('shows a draft waiting for review, edits the draft without a correction note, and approves it', async () => {
    const view = newsroomViewAnswer(ID, {
      state: 'published_with_draft',
      draft: { story: storyText({ article: { headline: 'A draft headline', body: 'Draft lede.', word_count: 2, primary_focus: 'Budget' } }), generated_at: '2026-03-04T10:00:00.000Z' },
    });
    const approved = newsroomViewAnswer(ID, { version: 'version-2', reviewed_at: '2026-03-05T10:00:00.000Z', reviewed_by: 'ed@example.org' });
    const { user, api } = renderDesk(view, { [`POST ${STORY_PATH}/approve`]: () => approved });
    const banner = await screen.findByRole('region', { name: 'Draft — waiting for review' });
    within(banner).getByText(/Readers see the published story until this draft is approved\./);
    screen.getByRole('heading', { name: 'A draft headline' });

    await user.click(screen.getByRole('button', { name: 'Edit the draft' }));
    expect((screen.getByLabelText(/Headline/) as HTMLInputElement).value).toBe('A draft headline');
    expect(screen.queryByLabelText('Correction note')).toBeNull();
    screen.getByText('This is a draft nobody has read yet, so it needs no correction note.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(within(banner).getByRole('button', { name: 'Approve and publish' }));
    await screen.findByText('Story published');
    expect(api.callsTo(`POST ${STORY_PATH}/approve`)[0]?.body).toEqual({ version: 'version-1' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Draft — waiting for review' })).toBeNull());
    screen.getByText(/Reviewed by ed@example.org/);
  });

  it('says readers see nothing while a first story waits for review', async () => {
    renderDesk(newsroomViewAnswer(ID, { state: 'draft', published: null, draft: { story: storyText(), generated_at: null } }));
    await screen.findByText('Readers see no story for this meeting until this draft is approved.');
  });
});
