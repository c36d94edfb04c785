/** WebVTT and SRT cues, with YouTube's rolled-up auto captions and broadcast ">>" turns. */
import { parseTimestamp, type TranscriptSegment } from '../transcript.js';
import { SPEAKER_LABEL, stripMarkup, TURN_MARK } from './caption-text.js';
import { TranscriptFormatError, type ParsedTranscript } from './parsed-transcript.js';

const TIME = String.raw`(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}`;
export const CUE_TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-->\s*(${TIME})`, 'm');
const VOICE_TAG = /<v(?:\.[^\s>]*)?\s+([^>]+)>/;
// YouTube's auto captions hold each line on screen for a 10 ms cue before rolling it up.
const FLASH_CUE_MS = 50;

interface CaptionLine {
  text: string;
  speaker: string | null;
}

/**
 * A cue's lines with who says each: a voice tag names the whole cue; otherwise ">> NAME:" names
 * a turn that lasts, across cues, until the next ">>" (a bare ">>" is an unnamed speaker).
 */
function readCueLines(body: readonly string[], turn: { speaker: string | null }): CaptionLine[] {
  const voice = VOICE_TAG.exec(body.join(' '))?.[1]?.trim() || null;
  const lines: CaptionLine[] = [];
  for (const raw of body) {
    let text = stripMarkup(raw);
    const mark = TURN_MARK.exec(text);
    if (mark) {
      text = text.slice(mark[0].length);
      const label = SPEAKER_LABEL.exec(text);
      turn.speaker = label?.[1] ?? null;
      if (label) text = label[2] ?? '';
    }
    if (text) lines.push({ text, speaker: voice ?? turn.speaker });
  }
  return lines;
}

export function parseCues(text: string, format: 'webvtt' | 'srt'): ParsedTranscript {
  const segments: TranscriptSegment[] = [];
  const turn = { speaker: null as string | null };
  let previousLine = '';
  for (const block of text.split(/\n[ \t]*\n/)) {
    const lines = block.split('\n');
    const timingAt = lines.findIndex((line) => line.includes('-->'));
    const timing = CUE_TIMING.exec(lines[timingAt] ?? '');
    if (!timing || /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const start = parseTimestamp(timing[1] ?? '') ?? 0;
    const end = Math.max(start, parseTimestamp(timing[2] ?? '') ?? start);
    const cueLines = readCueLines(lines.slice(timingAt + 1), turn);
    const repeatsPrevious = cueLines[0]?.text === previousLine;
    previousLine = cueLines.at(-1)?.text ?? previousLine;
    // Drop the rolled-up copy of the previous line, but never a whole ordinary cue: two
    // council members answering "Aye." in a row are two cues.
    if (repeatsPrevious && (cueLines.length > 1 || end - start <= FLASH_CUE_MS)) cueLines.shift();
    // Lines of one speaker make one segment; a turn starting inside the cue starts another.
    const cueFrom = segments.length;
    for (const line of cueLines) {
      const last = segments.at(-1);
      if (last && segments.length > cueFrom && last.speaker === line.speaker) last.text += ` ${line.text}`;
      else segments.push({ start_ms: start, end_ms: end, speaker: line.speaker, text: line.text });
    }
  }
  if (segments.length === 0) {
    throw new TranscriptFormatError(`no ${format === 'srt' ? 'SRT' : 'WebVTT'} cues with text found`);
  }
  return { segments, format, timed: true };
}
