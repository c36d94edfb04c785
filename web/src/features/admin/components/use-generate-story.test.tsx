import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EDITED_STORY_REGENERATE } from '@domain/newsroom.js';
import { adminSession, errorResponse } from '@testing/fake-api.js';
import { storyAnswer } from '@testing/meeting-builders.js';
import { renderWithProviders } from '@testing/render.js';
import { Button } from '@/components/ui/button.js';
import { useGenerateStory } from './use-generate-story.js';

const ID = '2a7c9e41-5b3d-4f6a-8c1e-9d0b2f4a6c83';
const WRITE = 'POST /api/functions/writeTranscriptStory';

function GenerateButton() {
  const story = useGenerateStory();
  return (
    <>
      <Button onClick={() => story.generate(ID, 'Lead with the vote')}>Generate Story</Button>
      {story.confirmDialog}
    </>
  );
}

describe('Generate Story', () => {
  it('asks before replacing a story a person edited, then sends the same request with replaceEdited', async () => {
    const { user, api } = renderWithProviders(<GenerateButton />, {
      api: {
        'GET /api/auth/session': () => adminSession(),
        [WRITE]: (request) =>
          (request.body as { replaceEdited?: boolean }).replaceEdited ? { ...storyAnswer(), draft: false } : errorResponse(409, 'CONFLICT', EDITED_STORY_REGENERATE),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the edited story?' });
    expect(dialog.textContent).toContain(EDITED_STORY_REGENERATE);
    expect(screen.queryByText('Story generation failed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Replace edited story' }));
    await screen.findByText('Story generated successfully');
    expect(api.callsTo(WRITE).map((call) => call.body)).toEqual([
      { recordId: ID, additionalContext: 'Lead with the vote' },
      { recordId: ID, additionalContext: 'Lead with the vote', replaceEdited: true },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing more when the admin keeps the edits', async () => {
    const { user, api } = renderWithProviders(<GenerateButton />, {
      api: { 'GET /api/auth/session': () => adminSession(), [WRITE]: () => errorResponse(409, 'CONFLICT', EDITED_STORY_REGENERATE) },
    });
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    await screen.findByRole('dialog', { name: 'Replace the edited story?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(WRITE)).toHaveLength(1);
  });

  it('says when the new story waits for review', async () => {
    const { user } = renderWithProviders(<GenerateButton />, {
      api: { 'GET /api/auth/session': () => adminSession(), [WRITE]: () => ({ ...storyAnswer(), draft: true }) },
    });
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    await screen.findByText('It waits for review: readers see it once an editor approves it.');
  });
});
