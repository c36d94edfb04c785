import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@testing/fake-api.js';
import { analysisAnswer, meetingAnswer, storyAnswer } from '@testing/meeting-builders.js';
import { renderApp, typeInto } from '@testing/render.js';
import { REPORT_THANKS } from './report-error-button.js';

const withStory = () => meetingAnswer({ analysis_results: analysisAnswer(), news_story: JSON.stringify(storyAnswer()), story_generated_at: '2026-03-02T10:00:00.000Z' });

describe('"Report an error" (issue 24)', () => {
  it('on the story page: sends what is wrong, no moment and no email, thanks the resident and closes', async () => {
    const { user, api } = renderApp({
      path: '/city/fairview-ca/meeting-story/v1',
      api: { 'GET /api/videos/v1': withStory, 'POST /api/videos/v1/error-reports': () => jsonResponse(201, { id: 'r1' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Report an error' }));
    expect(await screen.findByLabelText(/^Moment in the video/)).toHaveProperty('value', '');
    await typeInto(user, screen.getByLabelText(/^What is wrong/), 'The vote was 4-1, not 5-0.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(REPORT_THANKS)).toBeTruthy();
    expect(api.callsTo('POST /api/videos/v1/error-reports')[0]?.body).toEqual({ message: 'The vote was 4-1, not 5-0.', moment: null, email: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("on the meeting page: starts at the page's ?t=, and says under the email field what is wrong with it", async () => {
    const { user, api } = renderApp({
      path: '/meeting/v1?t=5025',
      api: {
        'GET /api/videos/v1': withStory,
        'GET /api/videos/v1/segments': () => jsonResponse(200, { segments: [] }),
        'POST /api/videos/v1/error-reports': () => errorResponse(429, 'RATE_LIMITED', 'Too many reports, please try again later.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Report an error' }));
    expect(await screen.findByLabelText(/^Moment in the video/)).toHaveProperty('value', '1:23:45');
    await typeInto(user, screen.getByLabelText(/^What is wrong/), 'Wrong speaker');
    const email = screen.getByLabelText(/^Your email/);
    await typeInto(user, email, 'ana');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const under = () => document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(under()).toBe('Please enter a valid email address, or leave it empty.'));
    expect(api.callsTo('POST /api/videos/v1/error-reports')).toHaveLength(0);

    // A refusal that is about no field shows above the buttons, and goes once the form is changed.
    await user.type(email, '@example.org');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many reports, please try again later.');
    expect(api.callsTo('POST /api/videos/v1/error-reports')[0]?.body).toEqual({ message: 'Wrong speaker', moment: '1:23:45', email: 'ana@example.org' });
    expect(screen.getByLabelText(/^What is wrong/)).toHaveProperty('value', 'Wrong speaker');
    await user.type(screen.getByLabelText(/^What is wrong/), '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
