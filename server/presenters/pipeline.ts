import type { PipelineCity, PipelineReport } from '../../core/domain/admin.js';
import type { CityReport, LastRun, ModelUsage, PipelineVideo, Report, VideoProgress } from '../../core/index.js';
import { presentPipelineVideo } from './videos.js';

/** The report as core/domain types it; the videos' timestamps are still Dates until JSON writes them. */
type PipelineAnswer = Omit<PipelineReport, 'videos'> & { videos: ReturnType<typeof presentPipelineVideo>[] };

/**
 * `GET /api/admin/pipeline` in the API's snake_case (core/domain/admin.ts): core's report keeps
 * the camelCase names the CLI's `civic report` reads; the wire names each field here.
 */
export function presentPipelineReport(report: Report, since: Date, videos: readonly PipelineVideo[], usageDays: number): PipelineAnswer {
  return {
    generated_at: report.generatedAt.toISOString(),
    since: since.toISOString(),
    usage_days: usageDays,
    cities: report.cities.map(presentPipelineCity),
    totals: {
      videos: presentProgress(report.totals.videos),
      failures: report.totals.failures,
      model: presentModelUsage(report.totals.model),
      last_run: presentLastRun(report.totals.lastRun),
    },
    videos: videos.map(presentPipelineVideo),
  };
}

function presentPipelineCity(city: CityReport): PipelineCity {
  return {
    id: city.city.id,
    location_key: city.city.location_key,
    name: city.city.name,
    state: city.city.state,
    status: city.city.status,
    videos: presentProgress(city.videos),
    failures: {
      count: city.failures.count,
      latest: city.failures.latest.map((failure) => ({
        video_id: failure.videoId,
        city_video_id: failure.cityVideoId,
        title: failure.title,
        stage: failure.stage,
        attempts: failure.attempts,
        error: failure.error,
        at: isoOrNull(failure.at),
      })),
      discovery: city.failures.discovery.map((failure) => ({
        source_id: failure.sourceId,
        url: failure.url,
        title: failure.title,
        attempts: failure.attempts,
        error: failure.error,
        at: isoOrNull(failure.at),
      })),
    },
    llm: presentModelUsage(city.model),
    last_run: presentLastRun(city.lastRun),
  };
}

function presentProgress(videos: VideoProgress): PipelineCity['videos'] {
  return { total: videos.total, with_transcript: videos.withTranscript, analysed: videos.analysed, with_story: videos.withStory };
}

function presentModelUsage(usage: ModelUsage): PipelineCity['llm'] {
  return {
    calls: usage.calls,
    failed_calls: usage.failedCalls,
    offline_calls: usage.offlineCalls,
    tokens_in: usage.tokensIn,
    tokens_out: usage.tokensOut,
    cost_usd: usage.costUsd,
    meetings: usage.meetings,
    per_meeting: usage.perMeeting && { cost_usd: usage.perMeeting.costUsd, tokens_in: usage.perMeeting.tokensIn, tokens_out: usage.perMeeting.tokensOut },
  };
}

function presentLastRun(run: LastRun | null): PipelineCity['last_run'] {
  return run && { id: run.id, command: run.command, status: run.status, started_at: run.startedAt.toISOString(), finished_at: isoOrNull(run.finishedAt) };
}

function isoOrNull(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}
