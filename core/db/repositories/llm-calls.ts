import { sql } from 'kysely';
import type { Analyzer } from '../../ports/language-model.js';
import type { Executor } from './executor.js';

/** The offline analyzer's runs are recorded under its analyzer kind. */
const OFFLINE_PROVIDER: Analyzer['kind'] = 'local';

export interface LlmCallRecord {
  cityVideoId: string | null;
  runId: string | null;
  purpose: string;
  provider: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  costUsd: number;
  ok: boolean;
  error?: string | null;
}

export async function insertLlmCall(db: Executor, call: LlmCallRecord): Promise<void> {
  await db
    .insertInto('llm_calls')
    .values({
      city_video_id: call.cityVideoId,
      run_id: call.runId,
      purpose: call.purpose,
      provider: call.provider,
      model: call.model,
      tokens_in: Math.max(0, Math.round(call.tokensIn)),
      tokens_out: Math.max(0, Math.round(call.tokensOut)),
      latency_ms: Math.max(0, Math.round(call.latencyMs)),
      cost_usd: call.costUsd.toFixed(6),
      ok: call.ok,
      error: call.error ?? null,
    })
    .execute();
}

export interface LlmUsage {
  /** Null: calls whose video was deleted since (or that had none). */
  city_id: string | null;
  calls: number;
  failed_calls: number;
  /** The offline analyzer's runs among the calls (recorded as calls; no model, no cost). */
  offline_calls: number;
  tokens_in: number;
  tokens_out: number;
  cost_usd: number;
  /** Distinct videos the calls were made for: the "per meeting" of cost per meeting. */
  meetings: number;
}

/** Model usage per city, through the video each call was made for; with `since`, only calls made from then on. */
export async function sumLlmUsageByCity(db: Executor, options: { since?: Date | undefined } = {}): Promise<LlmUsage[]> {
  const { since } = options;
  const rows = await db
    .selectFrom('llm_calls')
    .leftJoin('city_videos', 'city_videos.id', 'llm_calls.city_video_id')
    .select((eb) => [
      'city_videos.city_id',
      eb.fn.countAll<string>().as('calls'),
      sql<string>`count(*) filter (where not llm_calls.ok)`.as('failed_calls'),
      sql<string>`count(*) filter (where llm_calls.provider = ${OFFLINE_PROVIDER})`.as('offline_calls'),
      sql<string>`coalesce(sum(llm_calls.tokens_in), 0)`.as('tokens_in'),
      sql<string>`coalesce(sum(llm_calls.tokens_out), 0)`.as('tokens_out'),
      sql<string>`coalesce(sum(llm_calls.cost_usd), 0)`.as('cost_usd'),
      sql<string>`count(distinct llm_calls.city_video_id)`.as('meetings'),
    ])
    // An empty and() is true: no window, every call.
    .where((eb) => (since ? eb('llm_calls.created_at', '>=', since) : eb.and([])))
    .groupBy('city_videos.city_id')
    .execute();
  return rows.map((row) => ({
    city_id: row.city_id,
    calls: Number(row.calls),
    failed_calls: Number(row.failed_calls),
    offline_calls: Number(row.offline_calls),
    tokens_in: Number(row.tokens_in),
    tokens_out: Number(row.tokens_out),
    cost_usd: Number(row.cost_usd),
    meetings: Number(row.meetings),
  }));
}

export interface VideoLlmUsage {
  city_video_id: string;
  calls: number;
  failed_calls: number;
  offline_calls: number;
  tokens_in: number;
  tokens_out: number;
  cost_usd: number;
}

/** Model usage per video, for the admin pipeline view. */
export async function sumLlmUsageByVideo(db: Executor, cityVideoIds: readonly string[]): Promise<VideoLlmUsage[]> {
  if (cityVideoIds.length === 0) return [];
  const rows = await db
    .selectFrom('llm_calls')
    .select((eb) => [
      'city_video_id',
      eb.fn.countAll<string>().as('calls'),
      sql<string>`count(*) filter (where not ok)`.as('failed_calls'),
      sql<string>`count(*) filter (where provider = ${OFFLINE_PROVIDER})`.as('offline_calls'),
      sql<string>`coalesce(sum(tokens_in), 0)`.as('tokens_in'),
      sql<string>`coalesce(sum(tokens_out), 0)`.as('tokens_out'),
      sql<string>`coalesce(sum(cost_usd), 0)`.as('cost_usd'),
    ])
    .where('city_video_id', 'in', cityVideoIds)
    .groupBy('city_video_id')
    .execute();
  return rows.flatMap((row) =>
    row.city_video_id === null
      ? []
      : [{
          city_video_id: row.city_video_id,
          calls: Number(row.calls),
          failed_calls: Number(row.failed_calls),
          offline_calls: Number(row.offline_calls),
          tokens_in: Number(row.tokens_in),
          tokens_out: Number(row.tokens_out),
          cost_usd: Number(row.cost_usd),
        }],
  );
}
