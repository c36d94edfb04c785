import { truncate, truncateKeepingCause } from './format.js';

/** What a table or a report is made to fit: the terminal's width, or 80 columns when not a terminal. */
export const DEFAULT_WIDTH = 80;

export function outputWidth(stdout: { isTTY?: boolean; columns?: number } = process.stdout): number {
  return stdout.isTTY && stdout.columns && stdout.columns > 0 ? stdout.columns : DEFAULT_WIDTH;
}

export interface TableOptions {
  /** The widest a line may be (default: outputWidth()). */
  width?: number;
  /**
   * Columns (by index) that may be cut to fit, and how: 'end' keeps the start (names, titles),
   * 'cause' keeps the end (reasons, addresses). Others (keys, ids, counts) are never cut: they
   * are what an operator copies into the next command.
   */
  cut?: Record<number, 'end' | 'cause'>;
}

/** A cut column keeps at least this much (or its header), so it still says something. */
const MIN_CUT_WIDTH = 8;

/**
 * Plain-text tables for list commands: columns padded to their widest cell, two spaces apart,
 * cut to fit the width: the widest cuttable column gives way first, down to a few characters.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[], options: TableOptions = {}): string {
  const width = options.width ?? outputWidth();
  const cut = options.cut ?? {};
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const floors = headers.map((header) => Math.max(header.length, MIN_CUT_WIDTH));
  let excess = widths.reduce((sum, w) => sum + w, 0) + 2 * (headers.length - 1) - width;
  while (excess > 0) {
    const candidates = widths.map((w, column) => (cut[column] && w > (floors[column] ?? 0) ? column : -1)).filter((column) => column >= 0);
    if (candidates.length === 0) break;
    const widest = candidates.reduce((a, b) => ((widths[b] ?? 0) > (widths[a] ?? 0) ? b : a));
    widths[widest] = (widths[widest] ?? 0) - 1;
    excess -= 1;
  }
  const fit = (cell: string, column: number) => {
    const max = widths[column] ?? cell.length;
    if (cell.length <= max) return cell;
    return cut[column] === 'cause' ? truncateKeepingCause(cell, max) : truncate(cell, max);
  };
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? fit(cell, column) : fit(cell, column).padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/**
 * Wraps each line longer than `width` at spaces, continuing under its own indent plus two, so
 * nothing is lost (a report's reasons, a search hit's text). A word longer than a whole line
 * (a long address) is split, as the terminal would split it anyway.
 */
export function wrapToWidth(text: string, width: number = outputWidth()): string {
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, width))
    .join('\n');
}

function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const indent = ' '.repeat(Math.min((/^ */.exec(line)?.[0].length ?? 0) + 2, Math.floor(width / 2)));
  const out: string[] = [];
  let rest = line;
  let prefix = '';
  while (prefix.length + rest.length > width) {
    const room = width - prefix.length;
    const space = rest.lastIndexOf(' ', room);
    const at = space > 0 && rest.slice(0, space).trim() ? space : room;
    out.push(`${prefix}${rest.slice(0, at)}`.trimEnd());
    rest = rest.slice(at).trimStart();
    prefix = indent;
  }
  if (rest) out.push(`${prefix}${rest}`);
  return out;
}

/** Always 'H:MM:SS', as the analysis pages cite a moment of the meeting. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
