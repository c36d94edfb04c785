/** One timed piece of a meeting transcript, the unit search and quote verification work on. */
export interface TranscriptSegment {
  /** Whole milliseconds from the start of the video, never negative. */
  start_ms: number;
  end_ms: number;
  speaker: string | null;
  text: string;
}

/** "1:02:03" past an hour, "2:03" below it: what a viewer sees on the video player. */
export function formatTimestamp(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

/** Inverse of formatTimestamp; also accepts "HH:MM:SS.mmm". Returns null for anything else. */
export function parseTimestamp(value: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!match) return null;
  const [, h, m, s, frac] = match;
  const millis = frac ? Number(frac.padEnd(3, '0')) : 0;
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + millis;
}

/** The transcript text column of spec §3, rebuilt from segments: one line per speaker turn. */
export function segmentsToText(segments: readonly TranscriptSegment[]): string {
  const lines: string[] = [];
  let speaker: string | null = null;
  let line = '';
  for (const segment of segments) {
    if (segment.speaker !== speaker && line) {
      lines.push(line);
      line = '';
    }
    if (!line && segment.speaker && segment.speaker !== speaker) line = `${segment.speaker}: `;
    speaker = segment.speaker ?? speaker;
    line += (line && !line.endsWith(': ') ? ' ' : '') + segment.text.trim();
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
