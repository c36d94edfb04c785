import { z } from 'zod/mini';
import { EDITED_STORY_REGENERATE } from '@domain/newsroom.js';
import { api, isApiError } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { FETCH_TRANSCRIPT_FAILED, URL_REQUIRED_MESSAGE } from '@domain/messages.js';

const transcriptAnswer = z.object({ success: z.boolean(), transcript: z.nullable(z.string()), error: z.nullable(z.string()) });
const analysisAnswer = z.object({ analysis: z.unknown() });

/** POST /api/functions/fetchYoutubeTranscript: the server fetches and saves it. */
export async function fetchTranscript(videoId: string): Promise<string> {
  const answer = await api.post(apiPaths.fn('fetchYoutubeTranscript'), { videoId }, transcriptAnswer);
  if (!answer.success || !answer.transcript) throw new Error(answer.error ?? FETCH_TRANSCRIPT_FAILED);
  return answer.transcript;
}

/** POST /api/functions/analyzeVideoTranscript: an admin's call analyses again (server side). */
export async function runAnalysis(recordId: string): Promise<unknown> {
  return (await api.post(apiPaths.fn('analyzeVideoTranscript'), { recordId }, analysisAnswer)).analysis;
}

// Admins are told whether the new story waits for review (its city reviews stories, issue 24).
const storyAnswer = z.object({ draft: z.optional(z.boolean()) });

export interface WriteStoryOptions {
  /** The admin confirmed replacing a story a person edited (the edits stay in its history). */
  replaceEdited?: boolean;
}

/**
 * POST /api/functions/writeTranscriptStory with the writer's additional context (admin tool, spec §7).
 * A story a person edited is refused (409, EDITED_STORY_REGENERATE) unless `replaceEdited`.
 */
export async function writeStory(recordId: string, additionalContext = '', options: WriteStoryOptions = {}): Promise<{ draft: boolean }> {
  const context = additionalContext.trim();
  const body = { recordId, ...(context ? { additionalContext: context } : {}), ...(options.replaceEdited ? { replaceEdited: true } : {}) };
  const answer = await api.post(apiPaths.fn('writeTranscriptStory'), body, storyAnswer);
  return { draft: answer.draft === true };
}

/** The refusal to regenerate over a person's edits, which the caller turns into a question. */
export function isEditedStoryRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.message === EDITED_STORY_REGENERATE;
}

const NOT_SIGNED_IN = 'User must be authenticated to refresh videos';

/**
 * POST /api/functions/fetchYoutubeVideos {url, cityId} with spec §5's checks first; a refused
 * call becomes 'Function call failed: status - body' (spec §7).
 */
export async function refreshVideos(input: { url: string; cityId: string; signedIn: boolean }): Promise<void> {
  if (!input.url.trim()) throw new Error(URL_REQUIRED_MESSAGE);
  if (!input.signedIn) throw new Error(NOT_SIGNED_IN);
  try {
    await api.post(apiPaths.fn('fetchYoutubeVideos'), { url: input.url.trim(), cityId: input.cityId });
  } catch (error) {
    if (isApiError(error) && error.status > 0) throw new Error(`Function call failed: ${error.status} - ${error.message}`, { cause: error });
    throw error;
  }
}
