import PQueue from 'p-queue';
import { listUrlsForCity } from '../db/repositories/city-urls.js';
import type { City, CityUrl } from '../db/schema.js';
import type { PipelineDeps } from './deps.js';
import type { PipelineEvent } from './progress.js';
import type { RunRequest } from './run.js';
import { DATABASE_LOST_REASON, INTERRUPTED_REASON, noticeDatabaseLoss, type DatabaseCutOff } from './run-stop.js';
import { discoverAndRecordSource } from './source-discovery.js';
import { errorText } from './video-stage.js';

// A pipeline run's sources: which ones it covers, and their discovery (run.ts runs the rest).

export interface SourceOfCity {
  city: City;
  source: CityUrl;
}

export async function selectSources(deps: Pick<PipelineDeps, 'db'>, request: RunRequest): Promise<SourceOfCity[]> {
  const result: SourceOfCity[] = [];
  for (const city of request.cities) {
    for (const source of await listUrlsForCity(deps.db, city.id, { contentType: 'video' })) {
      if (!request.sourceId || source.id === request.sourceId) result.push({ city, source });
    }
  }
  return result;
}

export async function discoverAll(
  deps: PipelineDeps,
  request: RunRequest,
  sources: SourceOfCity[],
  emit: (event: PipelineEvent) => void,
  dryRun: boolean,
  cutOff: DatabaseCutOff,
): Promise<void> {
  const queue = new PQueue({ concurrency: request.concurrency });
  for (const { source } of sources) emit({ type: 'stage-queued', stage: 'discover', item: source.id, at: Date.now() });
  await Promise.all(
    sources.map(({ city, source }) =>
      queue.add(async () => {
        emit({ type: 'stage-started', stage: 'discover', item: source.id, at: Date.now() });
        if (dryRun || request.signal?.aborted || cutOff.lost) {
          const reason = dryRun ? 'dry run' : cutOff.lost ? DATABASE_LOST_REASON : INTERRUPTED_REASON;
          emit({ type: 'stage-finished', stage: 'discover', item: source.id, label: source.url, outcome: dryRun ? 'skipped' : 'undone', reason, at: Date.now() });
          return;
        }
        const abandoned = () => Boolean(request.abortSignal?.aborted);
        try {
          await discoverAndRecordSource(deps, city, source, {
            ...(request.since ? { since: request.since } : {}),
            ...(request.limit ? { limit: request.limit } : {}),
            ...(request.abortSignal ? { signal: request.abortSignal } : {}),
            abandoned,
          });
          emit({ type: 'stage-finished', stage: 'discover', item: source.id, label: source.url, outcome: 'done', at: Date.now() });
        } catch (error) {
          // Abandoned or cut off, not broken: left undone, and the source keeps its last discovery's record.
          const lost = noticeDatabaseLoss(cutOff, error);
          const interrupted = abandoned() || lost;
          const reason = lost ? DATABASE_LOST_REASON : interrupted ? INTERRUPTED_REASON : errorText(error);
          emit({ type: 'stage-finished', stage: 'discover', item: source.id, label: source.url, outcome: interrupted ? 'undone' : 'failed', reason, at: Date.now() });
        }
      }),
    ),
  );
}
