import { Router, type Response } from 'express';
import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_WHATS, type Core } from '../../core/index.js';
import { parseDay } from '../../core/domain/format.js';
import { TRANSCRIPT_EXPORT_FORMATS } from '../../core/domain/transcript-exports.js';
import { requestAudience } from '../middleware/guards.js';
import { parseRequest } from '../middleware/validate.js';
import { text } from './common.js';

export const transcriptParams = z.object({ id: text(64).min(1), format: z.enum(TRANSCRIPT_EXPORT_FORMATS, { error: 'The format is vtt, srt or txt' }) });
export const meetingParams = z.object({ id: text(64).min(1) });
const cityParams = z.object({ locationKey: text(120).min(1) });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `since=2026-01-31`: a calendar day, from its first instant in UTC (core/domain's parseDay). */
const sinceDay = z
  .string()
  .regex(ISO_DAY, 'since is a day: YYYY-MM-DD')
  .transform((day, context) => {
    const date = parseDay(day);
    if (!date) {
      context.addIssue({ code: 'custom', message: `since is not a calendar day: ${day}` });
      return z.NEVER;
    }
    return date;
  });
export const decisionsQuery = z.object({ since: sinceDay.optional() });
export const cityExportQuery = z.object({
  what: z.enum(EXPORT_WHATS, { error: 'what is meetings, decisions or transcripts' }).default('meetings'),
  format: z.enum(EXPORT_FORMATS, { error: 'format is ndjson or csv' }).default('ndjson'),
  since: sinceDay.optional(),
});

const CONTENT_TYPES = { ndjson: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

/** An attachment's name, already slug-safe ASCII (exportFileName): quoted as RFC 6266 asks. */
function attach(res: Response, filename: string, contentType: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
}

/**
 * Writes a stream of text chunks, waiting when the client reads slowly and stopping when it goes
 * away. A failure after the first byte can no longer be a status: the connection is cut, so a
 * truncated file never looks complete.
 */
async function sendChunks(res: Response, chunks: AsyncIterable<string>): Promise<void> {
  try {
    for await (const chunk of chunks) {
      if (res.destroyed) return;
      if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
    }
    res.end();
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Exports (issue 27): a meeting's transcript (WebVTT, SRT, text), its analysis and decisions
 * (JSON), and a city's decisions (CSV) or any of its records (NDJSON or CSV), for the audience
 * that may read the pages they come from.
 */
export function createExportsRouter(core: Core): Router {
  const router = Router();

  router.get('/videos/:id/transcript.:format', async (req, res) => {
    const { id, format } = parseRequest(transcriptParams, req, 'params');
    const file = await core.exports.transcript(id, format, await requestAudience(req, res));
    attach(res, file.filename, file.contentType);
    res.send(file.body);
  });

  router.get('/videos/:id/analysis.json', async (req, res) => {
    const { id } = parseRequest(meetingParams, req, 'params');
    const { filename, record } = await core.exports.meeting(id, await requestAudience(req, res));
    attach(res, filename, 'application/json; charset=utf-8');
    res.send(JSON.stringify(record, null, 2));
  });

  router.get('/cities/:locationKey/decisions.csv', async (req, res) => {
    const { locationKey } = parseRequest(cityParams, req, 'params');
    const { since } = parseRequest(decisionsQuery, req, 'query');
    const { city, chunks } = await core.exports.cityExport(locationKey, { what: 'decisions', format: 'csv', since: since ?? null }, await requestAudience(req, res));
    attach(res, `${city.location_key}-decisions.csv`, CONTENT_TYPES.csv);
    await sendChunks(res, chunks);
  });

  router.get('/cities/:locationKey/export', async (req, res) => {
    const { locationKey } = parseRequest(cityParams, req, 'params');
    const { what, format, since } = parseRequest(cityExportQuery, req, 'query');
    const { city, chunks } = await core.exports.cityExport(locationKey, { what, format, since: since ?? null }, await requestAudience(req, res));
    attach(res, `${city.location_key}-${what}.${format}`, CONTENT_TYPES[format]);
    await sendChunks(res, chunks);
  });

  return router;
}
