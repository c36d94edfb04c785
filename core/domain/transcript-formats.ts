/**
 * Reads an uploaded or fetched transcript file into segments: WebVTT, SRT, the JSON shapes of
 * youtube-transcript / youtube-transcript-api / CouncilDataProject, our own segment JSON,
 * diarized JSON (WhisperX segments, speaker turns, AssemblyAI utterances), and plain text. The format is sniffed from the content; the file name only breaks ties.
 */
import { CUE_TIMING, parseCues } from './transcript-files/caption-cues.js';
import { parseJson } from './transcript-files/json-transcripts.js';
import { TranscriptFormatError, type ParsedTranscript } from './transcript-files/parsed-transcript.js';
import { parseText } from './transcript-files/text-transcripts.js';

export { offsetsInMilliseconds } from './transcript-files/json-segments.js';
export { TranscriptFormatError, type ParsedTranscript, type TranscriptFileFormat } from './transcript-files/parsed-transcript.js';

/**
 * A transcript file's bytes as text: UTF-8 unless a byte-order mark says UTF-16 (what Windows
 * tools such as Notepad write as "Unicode"), so such files are read instead of looking binary.
 */
export function decodeTranscriptBytes(bytes: Uint8Array): string {
  const [b0, b1] = bytes;
  const encoding = b0 === 0xff && b1 === 0xfe ? 'utf-16le' : b0 === 0xfe && b1 === 0xff ? 'utf-16be' : 'utf-8';
  // The decoder drops the byte-order mark itself.
  return new TextDecoder(encoding).decode(bytes);
}

export function parseTranscriptFile(content: string, hint: { filename?: string } = {}): ParsedTranscript {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.trim()) throw new TranscriptFormatError('the transcript file is empty');
  if (looksBinary(text)) throw new TranscriptFormatError('the file is binary, not a text transcript');
  const extension = /\.([a-z0-9]+)$/i.exec(hint.filename ?? '')?.[1]?.toLowerCase();
  const head = text.trimStart();
  if (extension === 'json' || head.startsWith('{') || opensJsonArray(head)) return parseJson(text);
  if (head.startsWith('WEBVTT')) return parseCues(text, 'webvtt');
  if (extension === 'vtt' || extension === 'srt' || CUE_TIMING.test(text)) {
    const format = extension === 'srt' || /-->\s*[\d:]+,\d/.test(text) ? 'srt' : 'webvtt';
    return parseCues(text, format);
  }
  return parseText(text);
}

// A text transcript may open with "[Music]" or "[0:05]": "[" means JSON when an object, array,
// string or "]" follows, or when the whole file parses ("[1, 2]", refused later for its shape).
function opensJsonArray(head: string): boolean {
  if (!head.startsWith('[')) return false;
  if (/^\[\s*[{["\]]/.test(head)) return true;
  try {
    JSON.parse(head);
    return true;
  } catch {
    return false;
  }
}

// Control characters other than tab and newlines, or decoder replacement marks, mean the bytes
// were not text; a stray one or two is tolerated because real caption exports contain them.
function looksBinary(text: string): boolean {
  if (text.includes('\0')) return true;
  // eslint-disable-next-line no-control-regex -- detecting binary input
  const odd = text.match(/[\x01-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFD]/g)?.length ?? 0;
  return odd > Math.max(2, text.length / 100);
}
