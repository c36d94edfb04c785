/**
 * Local analyzer speed: a 30,000-word transcript (about three and a half hours of a real
 * Seattle committee meeting, repeated) analysed and written up by the offline analyzer, then
 * its quotes verified the way the pipeline does. Target: analysis and story together in under
 * one second. One warm-up run, then the median of the timed runs.
 */
import { analyzeTranscript, writeStory } from '../../core/adapters/local-analyzer/index.js';
import { buildTranscriptIndex, verifyAnalysis, verifyStory } from '../../core/domain/quote-verification.js';
import type { TranscriptSegment } from '../../core/domain/transcript.js';
import { buildLongTranscript, countWords } from './fixture-corpus.js';

const WORDS = 30_000;
const RUNS = 5;
const TARGET_SECONDS = 1;

const MEETING = {
  title: 'Civil Rights, Utilities, Economic Development and Arts Committee - June 25, 2019',
  description: 'Regular meeting of the Seattle City Council committee.',
  cityName: 'Seattle',
  publishedAt: '2019-06-25T17:00:00Z',
};
const NOW = new Date('2019-06-26T12:00:00Z');

interface Timings {
  analysis: number;
  story: number;
  verify: number;
}

function timeOnce(segments: readonly TranscriptSegment[]): Timings {
  const t0 = performance.now();
  const analysis = analyzeTranscript({ segments, title: MEETING.title, description: MEETING.description, meetingDate: MEETING.publishedAt, now: NOW });
  const t1 = performance.now();
  const story = writeStory({ analysis, segments, ...MEETING, now: NOW });
  const t2 = performance.now();
  const index = buildTranscriptIndex(segments);
  verifyAnalysis(analysis, index);
  verifyStory(story, index);
  const t3 = performance.now();
  if (!analysis.summary || story.article.headline === '') throw new Error('The local analyzer produced an empty analysis or story');
  return { analysis: (t1 - t0) / 1000, story: (t2 - t1) / 1000, verify: (t3 - t2) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  const segments = await buildLongTranscript(WORDS);
  const words = segments.reduce((sum, segment) => sum + countWords(segment.text), 0);
  const hours = (segments[segments.length - 1]!.end_ms - segments[0]!.start_ms) / 3_600_000;
  console.log(`transcript: ${words} words in ${segments.length} segments, ${hours.toFixed(1)} hours`);

  const warmUp = timeOnce(segments);
  console.log(`warm-up: analysis + story ${(warmUp.analysis + warmUp.story).toFixed(3)} s (the first run: nothing JIT-compiled yet)`);
  const runs: Timings[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(timeOnce(segments));

  const analysis = median(runs.map((run) => run.analysis));
  const story = median(runs.map((run) => run.story));
  const verify = median(runs.map((run) => run.verify));
  const whole = median(runs.map((run) => run.analysis + run.story));
  const all = runs.map((run) => (run.analysis + run.story).toFixed(3)).join(', ');
  console.log(`runs (analysis + story, s): ${all}`);
  console.log(`median: analysis ${analysis.toFixed(3)} s, story ${story.toFixed(3)} s, quote verification ${verify.toFixed(3)} s`);
  console.log(`median analysis + story ${whole.toFixed(3)} s (target < ${TARGET_SECONDS} s): ${Math.round(words / whole).toLocaleString('en-US')} words/s`);
  console.log(whole < TARGET_SECONDS ? 'target met' : 'target missed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
