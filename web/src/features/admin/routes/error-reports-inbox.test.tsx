import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminErrorReport } from '@domain/error-reports.js';
import { NOTE_NEEDS_PUBLISHED } from '@domain/newsroom.js';
import { adminSession, errorResponse, jsonResponse, memberSession } from '@testing/fake-api.js';
import { renderApp } from '@testing/render.js';

const VIDEO_ID = '11111111-1111-4111-8111-111111111111';

function reportAnswer(overrides: Partial<AdminErrorReport> = {}): AdminErrorReport {
  return {
    id: 'r1',
    video: { id: VIDEO_ID, video_id: 'fvCC2026a01', title: 'Council, March 1', city_slug: 'fairview-ca' },
    story_generated_at: '2026-03-02T10:00:00.000Z',
    message: 'The vote was 4-1, not 5-0.',
    moment_ms: 5_025_000,
    email: 'ana@example.org',
    created_at: '2026-03-03T09:00:00.000Z',
    resolved_at: null,
    ...overrides,
  };
}

describe('the error-report inbox (issue 24)', () => {
  it('lists open reports with links to the moment and the Story Manager, and resolves one', async () => {
    let open = [reportAnswer(), reportAnswer({ id: 'r2', message: 'Wrong name', moment_ms: null, email: null, story_generated_at: null })];
    const { user, api } = renderApp({
      path: '/admin/error-reports',
      api: {
        'GET /api/auth/session': () => adminSession(),
        'GET /api/admin/error-reports': () => open,
        'POST /api/admin/error-reports/r1/resolve': () => {
          open = open.filter((report) => report.id !== 'r1');
          return jsonResponse(200, { id: 'r1', resolved_at: '2026-03-04T09:00:00.000Z' });
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Error Reports' });
    const [first, second] = within(await screen.findByRole('list', { name: 'Open error reports' })).getAllByRole('listitem');
    within(first!).getByText('The vote was 4-1, not 5-0.');
    within(first!).getByText(/from ana@example\.org/);
    expect(within(first!).getByRole('link', { name: 'Open the meeting at 1:23:45' }).getAttribute('href')).toBe(`/city/fairview-ca/meeting/${VIDEO_ID}?t=5025`);
    expect(within(first!).getByRole('link', { name: 'Open in the Story Manager' }).getAttribute('href')).toBe(`/admin/story-playground?videoId=${VIDEO_ID}`);
    expect(within(second!).getByRole('link', { name: 'Open the meeting' }).getAttribute('href')).toBe(`/city/fairview-ca/meeting/${VIDEO_ID}`);
    within(second!).getByText('The meeting had no story when this was reported');

    await user.click(within(first!).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the report' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    // No note: nothing is published.
    expect(api.callsTo('POST /api/admin/error-reports/r1/resolve').map((call) => call.body)).toEqual([{}]);
    await screen.findByText('Report resolved');
    await waitFor(() => expect(screen.queryByText('The vote was 4-1, not 5-0.')).toBeNull());
    screen.getByText('Wrong name');
  });

  it('publishes a correction note with the resolution, and keeps the dialog open with the reason when refused', async () => {
    let refuse = true;
    const { user, api } = renderApp({
      path: '/admin/error-reports',
      api: {
        'GET /api/auth/session': () => adminSession(),
        'GET /api/admin/error-reports': () => [reportAnswer()],
        'POST /api/admin/error-reports/r1/resolve': () =>
          refuse ? errorResponse(400, 'BAD_INPUT', NOTE_NEEDS_PUBLISHED) : jsonResponse(200, { id: 'r1', resolved_at: '2026-03-04T09:00:00.000Z' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the report' });
    await user.type(within(dialog).getByLabelText('Correction note (optional)'), '  The vote was 4-1, not 5-0.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Publish note and resolve' }));
    await within(dialog).findByText(NOTE_NEEDS_PUBLISHED);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Publish note and resolve' }));
    await screen.findByText("The correction note is published on the meeting's story.");
    expect(api.callsTo('POST /api/admin/error-reports/r1/resolve').map((call) => call.body)).toEqual([
      { correction_note: 'The vote was 4-1, not 5-0.' },
      { correction_note: 'The vote was 4-1, not 5-0.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when nothing is open', async () => {
    renderApp({ path: '/admin/error-reports', api: { 'GET /api/auth/session': () => adminSession(), 'GET /api/admin/error-reports': () => [] } });
    await screen.findByText('No open error reports.');
  });

  it('is not shown to members', async () => {
    const { api } = renderApp({ path: '/admin/error-reports', api: { 'GET /api/auth/session': () => memberSession() } });
    await screen.findByText("You don't have permission to access the admin panel.");
    expect(api.callsTo('GET /api/admin/error-reports')).toHaveLength(0);
  });
});
