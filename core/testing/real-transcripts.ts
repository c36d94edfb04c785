import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TranscriptSegment } from '../domain/transcript.js';
import { requireRealFixtures } from './real-fixtures.js';

/**
 * Real Seattle meeting transcripts (Council Data Project, BSD-3-Clause) as TranscriptSegment[],
 * read in place from the shared fixtures; test-only.
 */
interface TimedText {
  text: string;
  start_time: number;
  end_time: number;
}

interface CdpTranscript {
  format: 'timestamped-sentences' | 'timestamped-words';
  data: TimedText[];
}

export const COMMITTEE_FILE = 'cdp_seattle_2019-06-25_committee_sentences.json';
export const BRIEFING_FILE = 'cdp_seattle_2019-07-15_briefing_words.json';

function readFixture(file: string): CdpTranscript {
  return JSON.parse(readFileSync(path.join(requireRealFixtures(), file), 'utf8')) as CdpTranscript;
}

const toMs = (seconds: number) => Math.round(seconds * 1000);

/** Words grouped into one segment per sentence, cut after terminal punctuation. */
function groupWords(words: readonly TimedText[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let current: TimedText[] = [];
  const flush = () => {
    const head = current[0];
    const tail = current[current.length - 1];
    if (head && tail) {
      segments.push({ start_ms: toMs(head.start_time), end_ms: toMs(tail.end_time), speaker: null, text: current.map((w) => w.text).join(' ') });
    }
    current = [];
  };
  for (const word of words) {
    current.push(word);
    if (/[.?!]["')\]]*$/.test(word.text)) flush();
  }
  flush();
  return segments;
}

export function loadRealTranscript(file: string): TranscriptSegment[] {
  const transcript = readFixture(file);
  if (transcript.format === 'timestamped-words') return groupWords(transcript.data);
  return transcript.data.map((sentence) => ({
    start_ms: toMs(sentence.start_time),
    end_ms: toMs(sentence.end_time),
    speaker: null,
    text: sentence.text,
  }));
}
