/** Segments five seconds apart, no speakers: how the real meetings' excerpts arrive in the offline analyzer's tests. */
import type { TranscriptSegment } from '../domain/transcript.js';

export function meetingSegments(lines: readonly string[], startS = 0): TranscriptSegment[] {
  return lines.map((text, i) => ({ start_ms: (startS + i * 5) * 1000, end_ms: (startS + i * 5 + 4) * 1000, speaker: null, text }));
}
