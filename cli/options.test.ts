import { describe, expect, it } from 'vitest';
import { parseDay } from '../core/domain/format.js';
import { cityExportQuery } from '../server/routes/exports.js';
import { parseDate } from './options.js';

/** The CLI's `--since` as the day it names, or null when refused. */
function cliDay(text: string): string | null {
  try {
    return parseDate(text).toISOString();
  } catch {
    return null;
  }
}

/** The export route's `since=` likewise. */
function routeDay(text: string): string | null {
  const parsed = cityExportQuery.safeParse({ since: text });
  return parsed.success ? (parsed.data.since?.toISOString() ?? null) : null;
}

describe("a day typed as YYYY-MM-DD, the same rule in the CLI's --since and the export route's since=", () => {
  it.each(['2026-01-31', '2024-02-29', '2026-02-30', '2025-02-29', '2026-13-01', '2026-1-31', '31/01/2026', '2026-01-31T00:00', ''])('%j', (text) => {
    const day = parseDay(text)?.toISOString() ?? null;
    expect(cliDay(text)).toBe(day);
    expect(routeDay(text)).toBe(day);
  });

  it('reads a real day as its first instant in UTC', () => {
    expect(cliDay('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });
});
