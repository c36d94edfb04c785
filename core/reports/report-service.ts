import type { Kysely } from 'kysely';
import { resolveCity } from '../cities/city-service.js';
import type { Engine } from '../db/database.js';
import { AppError } from '../errors.js';
import { listCities } from '../db/repositories/cities.js';
import { countVideosByCity } from '../db/repositories/city-videos.js';
import { sumLlmUsageByCity, type LlmUsage } from '../db/repositories/llm-calls.js';
import { findLastRun, type RunRow } from '../db/repositories/pipeline-runs.js';
import { listDiscoveryFailures, type DiscoveryFailure } from '../db/repositories/source-syncs.js';
import { listStageFailures, type StageFailure } from '../db/repositories/video-stages.js';
import type { City, DB } from '../db/schema.js';
import { markDeadRunsInterrupted } from '../pipeline/dead-runs.js';
import { withVideoLocks } from '../pipeline/video-locks.js';

/** Latest failure lines shown per city. */
const LATEST_FAILURES = 3;

export interface VideoProgress {
  total: number;
  withTranscript: number;
  analysed: number;
  withStory: number;
}

export interface ModelUsage {
  calls: number;
  failedCalls: number;
  /** The offline analyzer's runs among the calls: no model called, nothing billed. */
  offlineCalls: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  /** Meetings (videos) the calls were made for. */
  meetings: number;
  /** Averages over those meetings; null before the first. */
  perMeeting: { costUsd: number; tokensIn: number; tokensOut: number } | null;
}

interface FailureLine {
  /** The platform's video id (what the CLI commands take). */
  videoId: string;
  /** Our id of the video (what the admin API's retry takes). */
  cityVideoId: string;
  title: string | null;
  stage: string;
  attempts: number;
  error: string | null;
  at: Date | null;
}

/** A video source whose last discovery failed: its new meetings are not being found. */
export interface DiscoveryFailureLine {
  sourceId: string;
  url: string;
  title: string | null;
  attempts: number;
  error: string | null;
  at: Date | null;
}

export interface LastRun {
  id: string;
  command: string;
  status: string;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface CityReport {
  city: Pick<City, 'id' | 'location_key' | 'name' | 'state' | 'status'>;
  videos: VideoProgress;
  /**
   * count: failed video stages plus sources whose discovery failed; latest: the newest stage
   * failures; discovery: every source whose last discovery failed, with its error.
   */
  failures: { count: number; latest: FailureLine[]; discovery: DiscoveryFailureLine[] };
  model: ModelUsage;
  lastRun: LastRun | null;
}

export interface Report {
  generatedAt: Date;
  /** The model figures count calls made from this moment on; null: every call ever made. */
  since: Date | null;
  cities: CityReport[];
  /** All cities together; with no city filter, model calls whose video is gone count here too. */
  totals: { videos: VideoProgress; failures: number; model: ModelUsage; lastRun: LastRun | null };
}

export interface ReportFilter {
  cityKey?: string | undefined;
  allFailures?: boolean;
  since?: Date | undefined;
}

/** The start of a window of `days` days ending at `now`: `civic report --since <days>`, the admin card's 30. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** `civic report`: how far each city's meetings have come, what failed, and what the model work cost (design §3). */
export function createReportService(db: Kysely<DB>, engine: Engine) {
  /**
   * `allFailures`: every failed stage in `failures.latest`, not only the newest few (`civic report --failures`).
   * `since`: model calls, tokens and cost count only calls made from then on (the admin pipeline card's last 30 days).
   */
  async function buildReport(filter: ReportFilter = {}): Promise<Report> {
    if (filter.since !== undefined && Number.isNaN(filter.since.getTime())) throw new AppError('BAD_INPUT', 'since must be a valid date');
    const cities = filter.cityKey ? [await resolveCity(db, filter.cityKey)] : await listCities(db);
    // A run whose process died is shown as interrupted, not as still going.
    await withVideoLocks(db, engine, (locks) => markDeadRunsInterrupted(db, locks));
    const cityIds = cities.map((city) => city.id);
    const [counts, failures, discoveryFailures, usage] = await Promise.all([
      countVideosByCity(db, cityIds),
      listStageFailures(db, { cityIds }),
      listDiscoveryFailures(db, cityIds),
      sumLlmUsageByCity(db, { since: filter.since }),
    ]);
    const lastRuns = await Promise.all(cities.map((city) => findLastRun(db, { cityKey: city.location_key })));
    const reports = cities.map((city, index): CityReport => {
      const count = counts.find((row) => row.city_id === city.id);
      const cityFailures = failures.filter((failure) => failure.city_id === city.id);
      const cityDiscovery = discoveryFailures.filter((failure) => failure.city_id === city.id).map(toDiscoveryFailureLine);
      return {
        city: { id: city.id, location_key: city.location_key, name: city.name, state: city.state, status: city.status },
        videos: {
          total: count?.total ?? 0,
          withTranscript: count?.with_transcript ?? 0,
          analysed: count?.analysed ?? 0,
          withStory: count?.with_story ?? 0,
        },
        failures: {
          count: cityFailures.length + cityDiscovery.length,
          latest: (filter.allFailures ? cityFailures : cityFailures.slice(0, LATEST_FAILURES)).map(toFailureLine),
          discovery: cityDiscovery,
        },
        model: toModelUsage(usage.filter((row) => row.city_id === city.id)),
        lastRun: toLastRun(lastRuns[index]),
      };
    });
    const totalUsage = filter.cityKey ? usage.filter((row) => row.city_id !== null && cityIds.includes(row.city_id)) : usage;
    return {
      generatedAt: new Date(),
      since: filter.since ?? null,
      cities: reports,
      totals: {
        videos: sumVideos(reports.map((report) => report.videos)),
        failures: failures.length + discoveryFailures.length,
        model: toModelUsage(totalUsage),
        lastRun: filter.cityKey ? (reports[0]?.lastRun ?? null) : toLastRun(await findLastRun(db)),
      },
    };
  }

  return { buildReport };
}

export type ReportService = ReturnType<typeof createReportService>;

function toFailureLine(failure: StageFailure): FailureLine {
  return {
    videoId: failure.video_id,
    cityVideoId: failure.city_video_id,
    title: failure.title,
    stage: failure.stage,
    attempts: failure.attempts,
    error: failure.last_error,
    at: failure.finished_at,
  };
}

function toDiscoveryFailureLine(failure: DiscoveryFailure): DiscoveryFailureLine {
  return {
    sourceId: failure.url_id,
    url: failure.url,
    title: failure.title,
    attempts: failure.attempts,
    error: failure.last_error,
    at: failure.finished_at,
  };
}

function toModelUsage(rows: readonly LlmUsage[]): ModelUsage {
  const sum = (pick: (row: LlmUsage) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const meetings = sum((row) => row.meetings);
  const costUsd = Number(sum((row) => row.cost_usd).toFixed(6));
  const tokensIn = sum((row) => row.tokens_in);
  const tokensOut = sum((row) => row.tokens_out);
  return {
    calls: sum((row) => row.calls),
    failedCalls: sum((row) => row.failed_calls),
    offlineCalls: sum((row) => row.offline_calls),
    tokensIn,
    tokensOut,
    costUsd,
    meetings,
    perMeeting:
      meetings === 0
        ? null
        : { costUsd: Number((costUsd / meetings).toFixed(6)), tokensIn: Math.round(tokensIn / meetings), tokensOut: Math.round(tokensOut / meetings) },
  };
}

function sumVideos(rows: readonly VideoProgress[]): VideoProgress {
  return rows.reduce(
    (total, row) => ({
      total: total.total + row.total,
      withTranscript: total.withTranscript + row.withTranscript,
      analysed: total.analysed + row.analysed,
      withStory: total.withStory + row.withStory,
    }),
    { total: 0, withTranscript: 0, analysed: 0, withStory: 0 },
  );
}

function toLastRun(run: RunRow | undefined): LastRun | null {
  return run ? { id: run.id, command: run.command, status: run.status, startedAt: run.started_at, finishedAt: run.finished_at } : null;
}
