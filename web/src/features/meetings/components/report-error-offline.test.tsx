import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { analysisAnswer, meetingAnswer } from '@testing/meeting-builders.js';
import { renderApp } from '@testing/render.js';
import { REPORT_FORM_UNAVAILABLE } from './report-error-button.js';

// The form's own chunk does not arrive (offline, or a deploy removed it).
vi.mock('./report-error-dialog.js', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('"Report an error" when its form cannot load', () => {
  it('says so, and the page stays as it was', async () => {
    const { user } = renderApp({ path: '/meeting/v1', api: { 'GET /api/videos/v1': () => meetingAnswer({ analysis_results: analysisAnswer() }) } });
    await user.click(await screen.findByRole('button', { name: 'Report an error' }));
    expect(await screen.findByText(REPORT_FORM_UNAVAILABLE)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report an error' })).toBeTruthy();
  });
});
