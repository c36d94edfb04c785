/**
 * The JSON shapes: arrays of segments (youtube-transcript, youtube-transcript-api, our own,
 * WhisperX), diarized {turns} and AssemblyAI {utterances}, and CouncilDataProject's files.
 */
import { z } from 'zod/mini';
import { TranscriptFormatError, type ParsedTranscript } from './parsed-transcript.js';
import { readJsonItems } from './json-segments.js';
import { timedResult, validate, type Timed } from './json-timed.js';

// zod/mini, as every core/domain schema the web app loads (session.ts says why).
const time = z.number().check(z.nonnegative());
const cdpItem = z.object({ text: z.string(), start_time: time, end_time: time });
const cdpSentence = z.extend(cdpItem, { speaker_name: z.nullish(z.string()) });

export function parseJson(text: string): ParsedTranscript {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TranscriptFormatError(`invalid JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (Array.isArray(data)) return readJsonItems(data);
  // WhisperX's {segments, word_segments}: the segments carry the text and the speaker.
  if (Array.isArray(record.segments)) return readJsonItems(record.segments);
  if (Array.isArray(record.turns)) return readJsonItems(record.turns, 'turns');
  if (Array.isArray(record.utterances)) return readJsonItems(record.utterances, 'utterances');
  if (typeof record.format === 'string' && Array.isArray(record.data)) {
    return readCdpData(record.format, record.data);
  }
  if (Array.isArray(record.sentences)) {
    const sentences = validate(z.array(cdpSentence), record.sentences, 'sentence');
    return timedResult('cdp-v4', sentences.map((s) => ({
      text: s.text, startSeconds: s.start_time, endSeconds: s.end_time, speaker: s.speaker_name,
    })));
  }
  throw new TranscriptFormatError(
    'JSON is not a transcript: expected an array of segments, {segments}, {turns}, {utterances}, CDP {format, data} or CDP {sentences}',
  );
}

// Unpunctuated speech recognition would otherwise make one segment of a whole meeting.
const MAX_WORDS_PER_SENTENCE = 80;

function readCdpData(format: string, data: unknown[]): ParsedTranscript {
  if (format !== 'timestamped-sentences' && format !== 'timestamped-words') {
    throw new TranscriptFormatError(`unsupported CouncilDataProject transcript format "${format}"`);
  }
  const rows = validate(z.array(cdpItem), data, format === 'timestamped-words' ? 'word' : 'sentence');
  const items = rows.map((r) => ({ text: r.text, startSeconds: r.start_time, endSeconds: r.end_time }));
  if (format === 'timestamped-sentences') return timedResult('cdp-sentences', items);
  const sentences: Timed[] = [];
  let words: Timed[] = [];
  for (const word of items) {
    words.push(word);
    if (/[.?!]["')\]]*$/.test(word.text.trim()) || words.length >= MAX_WORDS_PER_SENTENCE) {
      sentences.push(joinWords(words));
      words = [];
    }
  }
  if (words.length > 0) sentences.push(joinWords(words));
  return timedResult('cdp-words', sentences);
}

function joinWords(words: readonly Timed[]): Timed {
  return {
    text: words.map((w) => w.text.trim()).join(' '),
    startSeconds: words[0]?.startSeconds ?? 0,
    endSeconds: words.at(-1)?.endSeconds ?? 0,
  };
}
