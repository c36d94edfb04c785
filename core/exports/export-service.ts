import type { Kysely } from 'kysely';
import { resolveCity } from '../cities/city-service.js';
import { listSegments } from '../db/repositories/transcript-segments.js';
import { listVideosForExport, type ExportCursor, type ExportVideoRow } from '../db/repositories/video-exports.js';
import type { City, DB } from '../db/schema.js';
import type { Audience } from '../domain/city-visibility.js';
import { csvRow, type CsvCell } from '../domain/csv.js';
import type { ExportFormat, ExportWhat } from '../domain/exports.js';
import {
  exportFileName,
  toPlainText,
  toSrt,
  toWebVtt,
  TRANSCRIPT_EXPORT_TYPES,
  type TranscriptExportFormat,
} from '../domain/transcript-exports.js';
import { AppError } from '../errors.js';
import { resolveVisibleVideo } from '../videos/resolve-video.js';
import {
  DECISION_COLUMNS,
  decisionRows,
  MEETING_COLUMNS,
  meetingExport,
  meetingRow,
  momentUrl,
  SEGMENT_COLUMNS,
  type ExportCity,
  type MeetingExport,
} from './meeting-export.js';


export interface CityExportRequest {
  what: ExportWhat;
  format: ExportFormat;
  /** Meetings published on or after this instant; all when null. */
  since: Date | null;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

/** Meetings read per query while streaming a city: bounded memory however long its history. */
const PAGE = 50;

/**
 * Exports (issue 27) for the API, the meeting page's downloads and `civic export`: a meeting's
 * transcript as WebVTT, SRT or text, its analysis and decisions as JSON, and a city's meetings,
 * decisions or transcripts streamed as NDJSON or CSV. The audience rule is the pages' own
 * (city-visibility.ts), and only published stories are read.
 */
export function createExportService(db: Kysely<DB>, site: { publicUrl: string }) {
  async function visibleMeeting(ref: string, audience: Audience): Promise<{ row: ExportVideoRow; city: City }> {
    const { video, city } = await resolveVisibleVideo(db, ref, audience);
    if (!city) throw new AppError('NOT_FOUND', 'Video not found');
    return { row: video, city };
  }

  const fileStem = (meeting: MeetingExport) => ({ cityKey: meeting.city.location_key, date: meeting.held_on, title: meeting.title });

  async function transcript(ref: string, format: TranscriptExportFormat, audience: Audience): Promise<ExportFile> {
    const { row, city } = await visibleMeeting(ref, audience);
    const meeting = meetingExport(row, city, site.publicUrl);
    const segments = await listSegments(db, row.id);
    if (segments.length === 0) throw new AppError('NOT_FOUND', 'This meeting has no timed transcript yet');
    const heading = { title: meeting.title, place: `${city.name}, ${city.state}`, url: meeting.page_url };
    const body = format === 'vtt' ? toWebVtt(segments, heading) : format === 'srt' ? toSrt(segments) : toPlainText(segments, heading);
    return { filename: exportFileName(fileStem(meeting), format), contentType: TRANSCRIPT_EXPORT_TYPES[format], body };
  }

  /** The meeting, its analysis and decisions, and its published story, as one JSON document. */
  async function meeting(ref: string, audience: Audience): Promise<{ filename: string; record: MeetingExport }> {
    const { row, city } = await visibleMeeting(ref, audience);
    const record = meetingExport(row, city, site.publicUrl);
    return { filename: exportFileName(fileStem(record), 'json'), record };
  }

  async function* meetingsOf(city: City, since: Date | null): AsyncGenerator<{ row: ExportVideoRow; record: MeetingExport }> {
    let after: ExportCursor | null = null;
    for (;;) {
      const rows = await listVideosForExport(db, city.id, { since, after, limit: PAGE });
      for (const row of rows) yield { row, record: meetingExport(row, city, site.publicUrl) };
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  function header(what: ExportWhat): readonly string[] {
    return what === 'meetings' ? MEETING_COLUMNS : what === 'decisions' ? DECISION_COLUMNS : SEGMENT_COLUMNS;
  }

  /** One meeting's lines: NDJSON objects or CSV rows of the columns above. */
  async function linesOf(entry: { row: ExportVideoRow; record: MeetingExport }, request: CityExportRequest): Promise<string[]> {
    const { record } = entry;
    const emit = (cells: CsvCell[], object: unknown) => (request.format === 'csv' ? csvRow(cells) : `${JSON.stringify(object)}\n`);
    if (request.what === 'meetings') return [emit(meetingRow(record), record)];
    if (request.what === 'decisions') {
      const rows = decisionRows(record);
      return record.decisions.map((decision, index) =>
        emit(rows[index] ?? [], { meeting_id: record.id, held_on: record.held_on, meeting_title: record.title, meeting_url: record.page_url, ...decision }),
      );
    }
    const segments = await listSegments(db, entry.row.id);
    return segments.map((segment) => {
      const at_url = momentUrl(record.page_url, segment.start_ms);
      return emit(
        [record.id, record.held_on, segment.start_ms, segment.end_ms, segment.speaker, segment.text, at_url],
        { meeting_id: record.id, held_on: record.held_on, ...segment, at_url },
      );
    });
  }

  /**
   * A city's meetings, decisions or transcripts, oldest meeting first, as text chunks to write
   * as they come (a CSV starts with its header row). The city is checked before the first chunk,
   * so a wrong key fails before anything is written.
   */
  async function cityExport(cityKey: string, request: CityExportRequest, audience: Audience): Promise<{ city: ExportCity; chunks: AsyncIterable<string> }> {
    const city = await resolveCity(db, cityKey, audience);
    async function* chunks(): AsyncGenerator<string> {
      if (request.format === 'csv') yield csvRow([...header(request.what)]);
      for await (const entry of meetingsOf(city, request.since)) {
        const lines = await linesOf(entry, request);
        if (lines.length > 0) yield lines.join('');
      }
    }
    return { city, chunks: chunks() };
  }

  return { transcript, meeting, cityExport };
}

export type ExportService = ReturnType<typeof createExportService>;
