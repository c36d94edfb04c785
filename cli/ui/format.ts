/**
 * Pure text helpers for the terminal views. Each returns a short, predictable string so the
 * progress view can hold its columns still while the numbers change.
 */
import { UNKNOWN } from '../../core/domain/format.js';

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

/** '3/5', with `done` padded to the width of `total` (' 3/12') so the slash stays put. */
export function formatDoneOfTotal(done: number, total: number): string {
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
