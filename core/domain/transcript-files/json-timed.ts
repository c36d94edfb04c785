/** What every JSON shape ends as: validated rows turned into cleaned, timed segments. */
import { config, safeParse, type core } from 'zod/mini';
import { en } from 'zod/locales';
import type { TranscriptSegment } from '../transcript.js';
import { cleanCaption } from './caption-text.js';
import { TranscriptFormatError, type ParsedTranscript, type TranscriptFileFormat } from './parsed-transcript.js';

export type Timed = { text: string; startSeconds: number; endSeconds: number; speaker?: string | null };

// Diarization labels ("SPEAKER_00") and names both fit; anything longer is a sentence that
// landed in the wrong field, and a label is shown beside every line of the transcript.
const MAX_SPEAKER_CHARS = 80;

// The JSON shapes' schemas are zod/mini, which words its issues only with a locale; the message
// below reaches people (the CLI, the editor's quote check), so in English, as classic zod words it.
config(en());

/** The zod check with its first issue as one line: "JSON segment 3 field start: …". */
export function validate<T>(schema: core.$ZodType<T>, value: unknown, what: string): T {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const [index, ...field] = issue?.path ?? [];
  const where = field.length > 0 ? ` field ${field.join('.')}` : '';
  const problem = issue?.message ?? 'invalid';
  throw new TranscriptFormatError(`JSON ${what} ${String(index ?? '')}${where}: ${problem}`);
}

export function timedResult(format: TranscriptFileFormat, items: readonly Timed[]): ParsedTranscript {
  const segments: TranscriptSegment[] = [];
  for (const item of items) {
    const text = cleanCaption(item.text);
    if (!text) continue;
    const start = Math.round(item.startSeconds * 1000);
    const end = Math.max(start, Math.round(item.endSeconds * 1000));
    segments.push({ start_ms: start, end_ms: end, speaker: speakerLabel(item.speaker), text });
  }
  if (segments.length === 0) throw new TranscriptFormatError('the JSON transcript has no text');
  return { segments, format, timed: true };
}

function speakerLabel(raw: string | null | undefined): string | null {
  const label = raw?.replace(/\s+/g, ' ').trim().slice(0, MAX_SPEAKER_CHARS).trim();
  return label || null;
}
