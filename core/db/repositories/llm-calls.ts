import type { Executor } from './executor.js';

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
