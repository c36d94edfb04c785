import RotateCcw from 'lucide-react/icons/rotate-ccw';
import type { DiscoveryFailure, FailureLine, PipelineCity } from '@domain/admin.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Spinner } from '@/components/ui/spinner.js';
import { formatDate } from '@domain/format.js';
import { describeModelUsage, describeRunStatus, usageFromApi } from '@domain/model-usage.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { usePipeline, useRetryDiscovery } from '../api/pipeline.js';
import { isRetryable, RetryStageButton } from './retry-stage-button.js';
import { VIDEOS_REFRESHED_MESSAGE } from '@domain/messages.js';

function FailureRow({ failure }: { failure: FailureLine }) {
  const stage = failure.stage;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{failure.title ?? failure.video_id}</p>
        <p className="text-sm text-ink-muted">
          {stage} failed after {failure.attempts} attempt{failure.attempts === 1 ? '' : 's'}
          {failure.at ? ` on ${formatDate(failure.at)}` : ''}
        </p>
        {failure.error && <p className="mt-1 text-sm break-words text-danger">{failure.error}</p>}
      </div>
      {isRetryable(stage) && <RetryStageButton cityVideoId={failure.city_video_id} stage={stage} videoName={failure.title ?? failure.video_id} />}
    </li>
  );
}

/** A source whose last discovery failed: its new meetings are not found until it is run again. */
function DiscoveryFailureRow({ cityId, source }: { cityId: string; source: DiscoveryFailure }) {
  const name = source.title ?? source.url;
  const retry = useRetryDiscovery({
    onSuccess: () => toastSuccess(VIDEOS_REFRESHED_MESSAGE, `Discovery of ${name}`),
    onError: (error) => toastError('Discovery failed again', error.message),
  });
  const onRetry = () => retry.mutate({ url: source.url, cityId });
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{name}</p>
        <p className="text-sm text-ink-muted">
          discovery failed after {source.attempts} attempt{source.attempts === 1 ? '' : 's'}
          {source.at ? ` on ${formatDate(source.at)}` : ''}
        </p>
        <p className="mt-1 text-sm break-words text-danger">{source.error ?? 'unknown error'}</p>
      </div>
      <Button size="sm" variant="secondary" onClick={onRetry} disabled={retry.isPending} aria-label={`Retry discovery of ${name}`}>
        <RotateCcw aria-hidden />
        {retry.isPending ? 'Retrying...' : 'Retry'}
      </Button>
    </li>
  );
}

function CityPipeline({ city, usageDays }: { city: PipelineCity; usageDays: number }) {
  const { videos } = city;
  return (
    <section aria-label={`Pipeline of ${city.name}, ${city.state}`} className="border-t border-line pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-ink">
          {city.name}, {city.state}
        </h3>
        <Badge>{city.status}</Badge>
        {city.failures.count > 0 && <Badge tone="danger">{city.failures.count} failed</Badge>}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ['Videos', videos.total],
          ['Transcribed', videos.with_transcript],
          ['Analysed', videos.analysed],
          ['With story', videos.with_story],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-paper-muted px-3 py-2">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-lg font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-ink-muted">
        Last {usageDays} days: {describeModelUsage(usageFromApi(city.llm))}
      </p>
      <p className="text-sm text-ink-muted">
        {city.last_run
          ? `Last run: ${city.last_run.command}, ${describeRunStatus(city.last_run.status)}, ${formatDate(city.last_run.started_at)}`
          : 'No run yet'}
      </p>
      {city.failures.discovery.length + city.failures.latest.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label={`Failures in ${city.name}`}>
          {city.failures.discovery.map((source) => (
            <DiscoveryFailureRow key={source.source_id} cityId={city.id} source={source} />
          ))}
          {city.failures.latest.map((failure) => (
            <FailureRow key={`${failure.city_video_id}-${failure.stage}`} failure={failure} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Beyond the spec: the pipeline's state, the figures `civic report` prints (core/reports/report-service.ts). */
export function PipelineCard() {
  const pipeline = usePipeline();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pipeline</CardTitle>
        <CardDescription>Meetings through each stage, failures, and the model work they cost.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {pipeline.isPending ? (
          <Spinner label="Loading the pipeline..." />
        ) : pipeline.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-ink">The pipeline could not be loaded.</p>
            <Button size="sm" variant="secondary" onClick={() => void pipeline.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-ink">
              All cities: {pipeline.data.totals.videos.total} videos, {pipeline.data.totals.failures} failed; last {pipeline.data.usage_days} days:{' '}
              {describeModelUsage(usageFromApi(pipeline.data.totals.model))}
            </p>
            {pipeline.data.cities.map((city) => (
              <CityPipeline key={city.location_key} city={city} usageDays={pipeline.data.usage_days} />
            ))}
          </>
        )}
      </CardContent>
    </Card>
  );
}
