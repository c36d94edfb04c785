import { onlyOfflineRuns, type ModelUsage } from '../../../../../core/domain/admin.js';

/** Dollars as `civic report` prints them: cents, or four places below a cent so a cheap run is not shown as free. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0.00';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function formatTokens(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * "3 model calls (1 failed)". The offline analyzer's runs are recorded as calls, yet no model was
 * asked and nothing billed: they are named as what they are.
 */
export function describeCalls(calls: number, offlineCalls: number, failedCalls: number): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const paid = calls - offlineCalls;
  const parts = [
    ...(paid > 0 || offlineCalls === 0 ? [count(paid, 'model call')] : []),
    ...(offlineCalls > 0 ? [count(offlineCalls, 'offline analyzer run')] : []),
  ];
  return `${parts.join(' and ')}${failedCalls > 0 ? ` (${failedCalls} failed)` : ''}`;
}

export function describeUsage(usage: ModelUsage): string {
  const calls = describeCalls(usage.calls, usage.offline_calls, usage.failed_calls);
  if (onlyOfflineRuns({ calls: usage.calls, offlineCalls: usage.offline_calls })) return `${calls}, ${formatCost(0)}`;
  return `${calls}, ${formatTokens(usage.tokens_in + usage.tokens_out)} tokens, ${formatCost(usage.cost_usd)}`;
}

/** A run's state in the words of `civic report`. */
export function describeRun(status: string): string {
  if (status === 'failed') return 'ended with failures';
  return status;
}
