import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storyAnswer } from '@testing/meeting-builders.js';
import { renderWithProviders } from '@testing/render.js';
import { StoryView } from './story-view.js';

describe("content management's story card", () => {
  it('shows a JSON story structured, with its Generated time', async () => {
    renderWithProviders(<StoryView stored={JSON.stringify(storyAnswer())} generatedAt="2026-03-02T10:00:00.000Z" meetingHref="/meeting/v1" />);
    await screen.findByRole('heading', { name: 'Council passes budget' });
    screen.getByText('Generated March 2, 2026');
    screen.getByRole('heading', { name: 'Quick Facts' });
    expect(screen.queryByTestId('plain-story')).toBeNull();
  });

  it('falls back to plain text when the story is not our JSON', async () => {
    renderWithProviders(<StoryView stored={'{"headline": "half a story"'} generatedAt={null} meetingHref="/meeting/v1" />);
    expect((await screen.findByTestId('plain-story')).textContent).toBe('{"headline": "half a story"');
  });

  it("says 'No story available' when there is none", async () => {
    renderWithProviders(<StoryView stored={null} generatedAt={null} meetingHref="/meeting/v1" />);
    await screen.findByText('No story available');
  });
});
