/**
 * Pure text helpers for the terminal views. Each returns a short, predictable string so the
 * progress view can hold its columns still while the numbers change.
 */

/** Shown wherever a number is not known yet (no rate before the first item finishes). */
export const UNKNOWN = '—';

/** '42s', '3m 05s', '1h 02m'. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return UNKNOWN;
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total}s`;
  if (total < 3600) return `${Math.floor(total / 60)}m ${pad2(total % 60)}s`;
  const minutes = Math.floor(total / 60);
  return `${Math.floor(minutes / 60)}h ${pad2(minutes % 60)}m`;
}

/** '1.2/s' at one item a second or more, otherwise per minute: '14/min', '0.5/min'. */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond) || perSecond < 0) return UNKNOWN;
  if (perSecond >= 1) return `${perSecond.toFixed(1)}/s`;
  const perMinute = perSecond * 60;
  return perMinute >= 10 ? `${Math.round(perMinute)}/min` : `${perMinute.toFixed(1)}/min`;
}

/** '$0.0042' under a dollar (model calls cost fractions of a cent), '$12.34' from a dollar up. */
export function formatCost(usd: number): string {
  if (!Number.isFinite(usd)) return UNKNOWN;
  if (usd <= 0) return '$0.00';
  if (usd < 0.00005) return '<$0.0001';
  const cents = usd.toFixed(4);
  return Number(cents) < 1 ? `$${cents}` : `$${usd.toFixed(2)}`;
}

/** '950', '12.3k', '1.20M', '3.40B'. */
export function formatTokens(n: number): string {
  if (!Number.isFinite(n)) return UNKNOWN;
  const count = Math.max(0, Math.round(n));
  if (count < 1000) return String(count);
  // Compare the rounded figure, so 999,960 reads '1.00M' rather than '1000.0k'.
  if (Number((count / 1e3).toFixed(1)) < 1000) return `${(count / 1e3).toFixed(1)}k`;
  if (Number((count / 1e6).toFixed(2)) < 1000) return `${(count / 1e6).toFixed(2)}M`;
  return `${(count / 1e9).toFixed(2)}B`;
}

/** '3/5', with `done` padded to the width of `total` (' 3/12') so the slash stays put. */
export function formatCount(done: number, total: number): string {
  const totalText = String(total);
  return `${String(done).padStart(totalText.length)}/${totalText}`;
}

/** Cut to at most `max` characters, ending in '…' when cut. Collapses line breaks. */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  if (max <= 1) return '…'.slice(0, max);
  return `${line.slice(0, max - 1).trimEnd()}…`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Cut to at most `max` characters keeping the end, where an error's cause is: messages are
 * built as 'what failed: why: the root cause', so the last part survives whole when it fits
 * (the head is cut instead, '…' marking the cut), else the middle goes. Collapses line breaks.
 */
export function truncateKeepingCause(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  if (max <= 1) return '…'.slice(0, max);
  const separator = line.lastIndexOf(': ');
  const cause = separator >= 0 ? line.slice(separator + 2) : '';
  // The head keeps at least a few words of what failed, else it says nothing.
  const headRoom = max - cause.length - 2;
  if (cause && headRoom >= MIN_HEAD) return `${cutEnd(line.slice(0, separator), headRoom)}: ${cause}`;
  const keepStart = Math.max(1, Math.floor((max - 1) * 0.4));
  const keepEnd = max - 1 - keepStart;
  return `${line.slice(0, keepStart).trimEnd()}…${line.slice(line.length - keepEnd).trimStart()}`;
}

const MIN_HEAD = 12;

/** The start of `text` in at most `max` characters, ending in '…' when cut (no dangling separators). */
function cutEnd(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/[\s:;,.-]+$/, '')}…`;
}

/** "3 model call(s)", "10 offline analyzer run(s)" or "2 model call(s) and 10 offline analyzer run(s)". */
export function describeModelCalls(model: { calls: number; offlineCalls: number }): string {
  const paid = model.calls - model.offlineCalls;
  const offline = `${model.offlineCalls} offline analyzer run(s)`;
  if (model.offlineCalls === 0) return `${model.calls} model call(s)`;
  return paid > 0 ? `${paid} model call(s) and ${offline}` : offline;
}
