import { formatCompact, formatCount, formatUsd } from './format.js';

/**
 * What model work cost, in the words `civic report`, the end of a `civic ingest` run and the
 * Admin Panel's pipeline card all use: one sentence for the same figures wherever they are read.
 */

export interface ModelUsageFigures {
  calls: number;
  /** The offline analyzer's runs among the calls (no model, no cost). */
  offlineCalls: number;
  failedCalls: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
}

/**
 * The offline analyzer's runs are recorded as calls (so reports cover every meeting), but no
 * model was asked and nothing billed: true when every call was such a run.
 */
export function onlyOfflineRuns(usage: { calls: number; offlineCalls: number }): boolean {
  return usage.calls > 0 && usage.offlineCalls === usage.calls;
}

/**
 * "3 model calls (1 failed)", "10 offline analyzer runs", "2 model calls and 10 offline analyzer
 * runs": the offline analyzer's runs are named as what they are.
 */
export function describeModelCalls(usage: Pick<ModelUsageFigures, 'calls' | 'offlineCalls' | 'failedCalls'>): string {
  const paid = usage.calls - usage.offlineCalls;
  const parts = [
    ...(paid > 0 || usage.offlineCalls === 0 ? [formatCount(paid, 'model call')] : []),
    ...(usage.offlineCalls > 0 ? [formatCount(usage.offlineCalls, 'offline analyzer run')] : []),
  ];
  return `${parts.join(' and ')}${usage.failedCalls > 0 ? ` (${usage.failedCalls} failed)` : ''}`;
}

/** "3 model calls (1 failed), 3.0k tokens in / 600 out, $0.03"; offline runs only: "…, no model called, $0.00". */
export function describeModelUsage(usage: ModelUsageFigures): string {
  if (usage.calls === 0) return 'no model calls';
  const calls = describeModelCalls(usage);
  if (onlyOfflineRuns(usage)) return `${calls}, no model called, ${formatUsd(0)}`;
  return `${calls}, ${formatCompact(usage.tokensIn)} tokens in / ${formatCompact(usage.tokensOut)} out, ${formatUsd(usage.costUsd)}`;
}

/** A pipeline run's stored status in words ('failed' is stored for a run with any failed item). */
export function describeRunStatus(status: string): string {
  if (status === 'failed') return 'ended with failures';
  if (status === 'running') return 'still running';
  return status;
}

/** The figures as the admin API sends them (snake_case, api.md's style) in the form the sentences read. */
export function usageFromApi(usage: { calls: number; offline_calls: number; failed_calls: number; tokens_in: number; tokens_out: number; cost_usd: number }): ModelUsageFigures {
  return { calls: usage.calls, offlineCalls: usage.offline_calls, failedCalls: usage.failed_calls, tokensIn: usage.tokens_in, tokensOut: usage.tokens_out, costUsd: usage.cost_usd };
}
