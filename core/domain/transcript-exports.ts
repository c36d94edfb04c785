import { slugify } from './slug.js';
import type { TranscriptSegment } from './transcript.js';

/**
 * A meeting's timed transcript as a file people and tools open (issue 27): WebVTT for players
 * and caption editors, SRT for video software, plain text for reading and quoting. WebVTT and
 * SRT are written so a caption reader (our own importer, transcript-formats.ts, among them) gets
 * back the same segments, times and speakers.
 */
export const TRANSCRIPT_EXPORT_FORMATS = ['vtt', 'srt', 'txt'] as const;
export type TranscriptExportFormat = (typeof TRANSCRIPT_EXPORT_FORMATS)[number];

export const TRANSCRIPT_EXPORT_TYPES: Record<TranscriptExportFormat, string> = {
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** What the file says about its meeting in its header (WebVTT NOTE, text heading). */
export interface TranscriptHeading {
  title: string | null;
  /** "Fairview, CA" */
  place: string | null;
  /** The meeting's address on the site, with its video. */
  url: string | null;
}

/** "01:02:03.456" (WebVTT) or "01:02:03,456" (SRT): hours always, as both formats allow. */
function cueTime(ms: number, separator: '.' | ','): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const millis = total % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}${separator}${String(millis).padStart(3, '0')}`;
}

/** One line of cue text: line breaks would end the cue early, and a blank line ends it for good. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

// WebVTT reserves "<", "&" and "-->" in cue text; ">" is escaped too so no reader sees a tag.
const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// A voice tag's name ends at ">" and may not hold a line break.
const voiceName = (speaker: string) => escapeVtt(oneLine(speaker));

/** A NOTE block may not contain "-->", nor a blank line. */
const noteText = (text: string) => oneLine(text).replace(/-->/g, '->');

function headingLines(heading: TranscriptHeading): string[] {
  return [heading.title, heading.place, heading.url].filter((line): line is string => Boolean(line && line.trim())).map(noteText);
}

/** WebVTT with one cue per segment, the speaker as a voice tag (`<v Mayor Lee>`). */
export function toWebVtt(segments: readonly TranscriptSegment[], heading: TranscriptHeading): string {
  const lines = headingLines(heading);
  const blocks = ['WEBVTT', ...(lines.length > 0 ? [`NOTE\n${lines.join('\n')}`] : [])];
  segments.forEach((segment, index) => {
    const text = escapeVtt(oneLine(segment.text));
    const voiced = segment.speaker ? `<v ${voiceName(segment.speaker)}>${text}` : text;
    blocks.push(`${index + 1}\n${cueTime(segment.start_ms, '.')} --> ${cueTime(Math.max(segment.end_ms, segment.start_ms), '.')}\n${voiced}`);
  });
  return `${blocks.join('\n\n')}\n`;
}

/**
 * SRT: numbered cues. SRT has no voice tags, so a change of speaker is written the way broadcast
 * captions write it, ">> Name: " (a bare ">> " when the next speaker is unnamed), and a cue of
 * the same speaker carries no mark. Lossy where SRT is: an unnamed speaker's words that open
 * like a label ("Item 7A: …") read back as named, and "<…>" reads as markup; WebVTT keeps both.
 */
export function toSrt(segments: readonly TranscriptSegment[]): string {
  let speaker: string | null = null;
  const blocks = segments.map((segment, index) => {
    const text = oneLine(segment.text);
    const next = segment.speaker ? oneLine(segment.speaker) : null;
    const said = next === speaker ? text : `>> ${next ? `${next}: ` : ''}${text}`;
    speaker = next;
    return `${index + 1}\n${cueTime(segment.start_ms, ',')} --> ${cueTime(Math.max(segment.end_ms, segment.start_ms), ',')}\n${said}`;
  });
  return `${blocks.join('\n\n')}\n`;
}

/** "[1:02:03] Mayor Lee: text", one line per segment under a heading: readable, and every line still says when. */
export function toPlainText(segments: readonly TranscriptSegment[], heading: TranscriptHeading): string {
  const top = headingLines(heading);
  const body = segments.map((segment) => {
    const text = oneLine(segment.text);
    return `[${clockTime(segment.start_ms)}] ${segment.speaker ? `${oneLine(segment.speaker)}: ` : ''}${text}`;
  });
  return `${[...top, ...(top.length > 0 ? [''] : []), ...body].join('\n')}\n`;
}

/** "1:02:03", always with hours, so the text importer reads every line's time the same way. */
function clockTime(ms: number): string {
  return cueTime(ms, '.').replace(/^0(\d)/, '$1').replace(/\.\d{3}$/, '');
}

/** "fairview-ca-2026-03-24-city-council-regular-meeting.vtt": a name that sorts and says what it is. */
export function exportFileName(parts: { cityKey: string | null; date: string | null; title: string | null }, extension: string): string {
  const stem = [parts.cityKey, parts.date, parts.title ? slugify(parts.title) : null].filter(Boolean).join('-') || 'meeting';
  return `${stem.slice(0, 120).replace(/-+$/, '')}.${extension}`;
}
