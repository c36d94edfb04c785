/**
 * A meeting published in several files ("part 1", "part 2", each video starting at 0:00) read
 * as one transcript: the parts in the order given, each part's times moved past the end of the
 * part before, so that times keep rising through the whole meeting.
 */
import type { TranscriptSegment } from './transcript.js';
import type { ParsedTranscript, TranscriptFileFormat } from './transcript-files/parsed-transcript.js';

export interface TranscriptPart {
  name: string;
  parsed: ParsedTranscript;
}

/** Where one part sits in the joined meeting, for output such as "part 2 at 0:12:30". */
export interface PartPlacement {
  name: string;
  format: TranscriptFileFormat;
  timed: boolean;
  segments: number;
  /** Null when the joined transcript has no timings: the offset would only be an estimate. */
  start_ms: number | null;
}

export interface JoinedTranscript {
  segments: TranscriptSegment[];
  /** False as soon as one part is untimed: the analysis then claims no moment of any video. */
  timed: boolean;
  parts: PartPlacement[];
}

export function joinTranscriptParts(parts: readonly TranscriptPart[]): JoinedTranscript {
  const timed = parts.every((part) => part.parsed.timed);
  const segments: TranscriptSegment[] = [];
  const placements: PartPlacement[] = [];
  let offset = 0;
  for (const { name, parsed } of parts) {
    placements.push({ name, format: parsed.format, timed: parsed.timed, segments: parsed.segments.length, start_ms: timed ? offset : null });
    // The part ends where its latest segment does: the last segment's end in an ordinary
    // file, but an earlier cue that overlaps it must not let the next part start too soon.
    // Untimed parts are shifted too, so their estimated positions still follow each other.
    let end = offset;
    for (const segment of parsed.segments) {
      const shifted = { ...segment, start_ms: segment.start_ms + offset, end_ms: segment.end_ms + offset };
      end = Math.max(end, shifted.start_ms, shifted.end_ms);
      segments.push(shifted);
    }
    offset = end;
  }
  return { segments, timed, parts: placements };
}
