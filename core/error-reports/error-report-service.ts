import type { Kysely } from 'kysely';
import { errorReportBodySchema, parseMomentText, type ErrorReportBody } from '../domain/error-reports.js';
import { findErrorReport, insertErrorReport, listErrorReports, resolveErrorReport } from '../db/repositories/error-reports.js';
import type { NewsroomService } from '../newsroom/newsroom-service.js';
import type { DB } from '../db/schema.js';
import { isUuid } from '../domain/ids.js';
import { AppError } from '../errors.js';
import type { Audience } from '../domain/city-visibility.js';
import { resolveVisibleVideo } from '../videos/resolve-video.js';

export type ErrorReportRow = Awaited<ReturnType<typeof listErrorReports>>[number];

/**
 * Residents' reports that something in a story is wrong (issue 24), and the editors' inbox.
 * The server's routes use it; the CLI can too.
 */
export function createErrorReportService(db: Kysely<DB>, newsroom: Pick<NewsroomService, 'correct'>, now: () => Date = () => new Date()) {
  /**
   * Stores a report about a video (our id or the platform's), tied to the story revision shown.
   * The public cannot report on a meeting of a city it cannot see: not found.
   */
  async function report(videoRef: string, body: ErrorReportBody, audience: Audience = 'staff'): Promise<{ id: string }> {
    const parsed = errorReportBodySchema.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0]?.message ?? 'Bad report');
    const { message, moment, email } = parsed.data;
    const { video } = await resolveVisibleVideo(db, videoRef, audience);
    return insertErrorReport(db, {
      city_video_id: video.id,
      story_generated_at: video.story_generated_at,
      message,
      moment_ms: moment === null ? null : parseMomentText(moment),
      email,
    });
  }

  /** Open reports oldest first; with includeResolved, the resolved ones after them. */
  function list(options: { includeResolved?: boolean } = {}): Promise<ErrorReportRow[]> {
    return listErrorReports(db, { includeResolved: options.includeResolved ?? false });
  }

  /**
   * Marks a report resolved; with a correction note, the note is published on the meeting's story
   * first (a note that cannot be published leaves the report open).
   */
  async function resolve(id: string, userId: string, options: { correctionNote?: string | null } = {}): Promise<{ id: string; resolved_at: Date }> {
    // Not an id at all: no such report (and the database would refuse the comparison).
    const report = isUuid(id) ? await findErrorReport(db, id) : undefined;
    if (!report) throw new AppError('NOT_FOUND', 'Error report not found');
    if (options.correctionNote && !report.resolved_at) await newsroom.correct(report.city_video_id, userId, { note: options.correctionNote });
    const resolved = await resolveErrorReport(db, id, userId, now());
    if (!resolved) throw new AppError('NOT_FOUND', 'Error report not found');
    return resolved;
  }

  return { report, list, resolve };
}

export type ErrorReportService = ReturnType<typeof createErrorReportService>;
