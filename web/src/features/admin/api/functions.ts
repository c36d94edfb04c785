import { z } from 'zod/mini';
import { isApiError } from '../../../lib/api-client.js';
import { api } from '../../../lib/api-client.js';
import { apiPaths } from '../../../lib/paths.js';

const transcriptAnswer = z.object({ success: z.boolean(), transcript: z.nullable(z.string()), error: z.nullable(z.string()) });
const analysisAnswer = z.object({ analysis: z.unknown() });

/** POST /api/functions/fetchYoutubeTranscript: the server fetches and saves it. */
export async function fetchTranscript(videoId: string): Promise<string> {
  const answer = await api.post(apiPaths.fn('fetchYoutubeTranscript'), { videoId }, transcriptAnswer);
  if (!answer.success || !answer.transcript) throw new Error(answer.error ?? 'Failed to fetch transcript');
  return answer.transcript;
}

/** POST /api/functions/analyzeVideoTranscript: an admin's call analyses again (server side). */
export async function runAnalysis(recordId: string): Promise<unknown> {
  return (await api.post(apiPaths.fn('analyzeVideoTranscript'), { recordId }, analysisAnswer)).analysis;
}

/** POST /api/functions/writeTranscriptStory with the writer's additional context (admin tool, spec §7). */
export function writeStory(recordId: string, additionalContext = ''): Promise<unknown> {
  const context = additionalContext.trim();
  return api.post(apiPaths.fn('writeTranscriptStory'), { recordId, ...(context ? { additionalContext: context } : {}) }, z.unknown());
}

export const URL_REQUIRED = 'URL is required to refresh videos';
export const NOT_SIGNED_IN = 'User must be authenticated to refresh videos';

/**
 * POST /api/functions/fetchYoutubeVideos {url, cityId} with spec §5's checks first; a refused
 * call becomes 'Function call failed: status - body' (spec §7).
 */
export async function refreshVideos(input: { url: string; cityId: string; signedIn: boolean }): Promise<void> {
  if (!input.url.trim()) throw new Error(URL_REQUIRED);
  if (!input.signedIn) throw new Error(NOT_SIGNED_IN);
  try {
    await api.post(apiPaths.fn('fetchYoutubeVideos'), { url: input.url.trim(), cityId: input.cityId });
  } catch (error) {
    if (isApiError(error) && error.status > 0) throw new Error(`Function call failed: ${error.status} - ${error.message}`, { cause: error });
    throw error;
  }
}
