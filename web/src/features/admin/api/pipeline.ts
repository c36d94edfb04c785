import { useMutation } from '@/lib/query/use-mutation.js';
import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { z } from 'zod/mini';
import { adminVideoSchema, pipelineReportSchema, type PipelineReport, type RetryableStage } from '@domain/admin.js';
import { api } from '@/lib/api-client.js';
import { useAuth } from '@/lib/auth-context.js';
import { apiPaths } from '@/lib/paths.js';
import { useRefreshVideos } from './admin-videos.js';
import { refreshVideos } from './functions.js';

/** GET /api/admin/pipeline: `civic report`'s figures per city; with a city or source, each video's stages and cost. */
function getPipeline(filter: { cityId?: string | undefined; urlId?: string | undefined }, signal?: AbortSignal): Promise<PipelineReport> {
  return api.get(apiPaths.adminPipeline(), pipelineReportSchema, { query: filter, signal });
}

export function usePipeline(filter: { cityId?: string | undefined; urlId?: string | undefined } = {}) {
  return useQuery(queryOptions({ queryKey: ['admin', 'pipeline', filter], queryFn: ({ signal }) => getPipeline(filter, signal) }));
}

const retryAnswer = z.object({ ok: z.boolean(), error: z.nullable(z.string()), video: adminVideoSchema });

/** POST /api/admin/videos/:id/retry: the stage runs again; a second failure comes back with its reason. */
async function retryStage(cityVideoId: string, stage: RetryableStage): Promise<void> {
  const answer = await api.post(apiPaths.adminVideoRetry(cityVideoId), { stage }, retryAnswer);
  if (!answer.ok) throw new Error(answer.error ?? `The ${stage} stage failed again`);
}

/**
 * What to say when a retry settles. Given to the hook, not to mutate(): a successful retry
 * removes the row that holds the button (the failure is gone once the pipeline is read again),
 * and mutate()'s own callbacks do not run for an unmounted component, so the toast was lost.
 */
export interface RetryOutcome<T> {
  onSuccess: (variables: T) => void;
  onError: (error: Error, variables: T) => void;
}

export function useRetryStage(outcome: RetryOutcome<{ cityVideoId: string; stage: RetryableStage }>) {
  const refresh = useRefreshVideos();
  return useMutation({
    mutationFn: ({ cityVideoId, stage }: { cityVideoId: string; stage: RetryableStage }) => retryStage(cityVideoId, stage),
    onSuccess: (_answer, variables) => outcome.onSuccess(variables),
    onError: (error, variables) => outcome.onError(error, variables),
    onSettled: () => refresh(),
  });
}

/**
 * A source whose discovery failed, found again: the same fetchYoutubeVideos call as the source's
 * 'Refresh videos' in City Management (a failure keeps its line on the card, with the new reason).
 */
export function useRetryDiscovery(outcome: RetryOutcome<{ url: string; cityId: string }>) {
  const refresh = useRefreshVideos();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ url, cityId }: { url: string; cityId: string }) => refreshVideos({ url, cityId, signedIn: user !== null }),
    onSuccess: (_answer, variables) => outcome.onSuccess(variables),
    onError: (error, variables) => outcome.onError(error, variables),
    onSettled: () => refresh(),
  });
}
