import type { ModelUsage } from '../../../../../core/domain/admin.js';

/** Dollars as `civic report` prints them: cents, or four places below a cent so a cheap run is not shown as free. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0.00';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function formatTokens(count: number): string {
  return count.toLocaleString('en-US');
}

export function describeUsage(usage: ModelUsage): string {
  const calls = `${usage.calls} model call${usage.calls === 1 ? '' : 's'}`;
  const failed = usage.failedCalls > 0 ? ` (${usage.failedCalls} failed)` : '';
  return `${calls}${failed}, ${formatTokens(usage.tokensIn + usage.tokensOut)} tokens, ${formatCost(usage.costUsd)}`;
}

/** A run's state in the words of `civic report`. */
export function describeRun(status: string): string {
  if (status === 'failed') return 'ended with failures';
  return status;
}
