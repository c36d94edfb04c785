/**
 * Inputs for the benchmarks: a throwaway fixtures directory with as many videos as a
 * benchmark asks for (cloned from the demo fixtures), and a long transcript (30,000 words,
 * about three and a half hours) built from a real Seattle committee meeting.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TranscriptSegment } from '../../core/domain/transcript.js';

const DEMO_DIR = fileURLToPath(new URL('../../fixtures/demo/', import.meta.url));
const SEATTLE_SENTENCES = fileURLToPath(new URL('../../../shared/fixtures/real/cdp_seattle_2019-06-25_committee_sentences.json', import.meta.url));

/** The demo city the bench source belongs to, and the source's key (also its `fixture:` address). */
export const BENCH_CITY_KEY = 'fairview-ca';
export const BENCH_SOURCE_KEY = 'bench-city-council';

export interface FixtureCorpus {
  dir: string;
  videoIds: string[];
  remove(): Promise<void>;
}

interface DemoTranscriptFile {
  video_id: string;
  segments: unknown[];
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await fs.readFile(file, 'utf8')) as T;

/** `bench000001`: eleven characters, the shape of a YouTube id. */
export function benchVideoId(index: number): string {
  return `bench${String(index + 1).padStart(6, '0')}`;
}

/**
 * A fixtures directory in os.tmpdir() with every demo city and business (seedDemo wants them)
 * and one video source holding `count` videos; their transcripts are the demo transcripts,
 * round-robin, each under its new video id.
 */
export async function createFixtureCorpus(count: number): Promise<FixtureCorpus> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'town-crier-bench-'));
  await Promise.all(['videos', 'transcripts', 'directory'].map((sub) => fs.mkdir(path.join(dir, sub))));
  await fs.copyFile(path.join(DEMO_DIR, 'cities.json'), path.join(dir, 'cities.json'));
  for (const file of ['categories.json', 'businesses.json']) {
    await fs.copyFile(path.join(DEMO_DIR, 'directory', file), path.join(dir, 'directory', file));
  }
  const source = {
    key: BENCH_SOURCE_KEY,
    city_key: BENCH_CITY_KEY,
    title: 'Benchmark City Council Meetings',
    url: `fixture:${BENCH_SOURCE_KEY}`,
    content_type: 'video',
    source_type: 'city',
    entity_type: 'City Council',
  };
  await fs.writeFile(path.join(dir, 'sources.json'), JSON.stringify([source], null, 2));

  const transcriptFiles = (await fs.readdir(path.join(DEMO_DIR, 'transcripts'))).filter((f) => f.endsWith('.json')).sort();
  const transcripts = await Promise.all(transcriptFiles.map((f) => readJson<DemoTranscriptFile>(path.join(DEMO_DIR, 'transcripts', f))));
  if (transcripts.length === 0) throw new Error(`No demo transcripts in ${DEMO_DIR}transcripts`);

  const videoIds = Array.from({ length: count }, (_, i) => benchVideoId(i));
  const firstPublished = Date.UTC(2020, 0, 1);
  const videos = videoIds.map((videoId, i) => ({
    video_id: videoId,
    title: `City Council Regular Meeting ${i + 1}`,
    description: `Benchmark copy of a demo meeting (${videoId}).`,
    channel_title: 'City of Fairview, CA',
    published_at: new Date(firstPublished + i * 86_400_000).toISOString(),
    thumbnail_url: null,
    duration_seconds: 2700,
  }));
  await fs.writeFile(path.join(dir, 'videos', `${BENCH_SOURCE_KEY}.json`), JSON.stringify(videos));
  // Written in batches: 2,000 files at once would only contend for the disk.
  for (let start = 0; start < count; start += 100) {
    await Promise.all(
      videoIds.slice(start, start + 100).map((videoId, offset) => {
        const transcript = transcripts[(start + offset) % transcripts.length]!;
        return fs.writeFile(path.join(dir, 'transcripts', `${videoId}.json`), JSON.stringify({ ...transcript, video_id: videoId }));
      }),
    );
  }
  return { dir, videoIds, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

const seattleSchema = z.object({
  data: z.array(z.object({ text: z.string(), start_time: z.number(), end_time: z.number() })).min(1),
});

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/**
 * About `minWords` words of real council speech: the Seattle committee meeting of 2019-06-25
 * (about 10,700 words in 73 minutes) repeated with its times shifted until the words reach
 * `minWords`, so 30,000 words run about three and a half hours.
 */
export async function buildLongTranscript(minWords = 30_000): Promise<TranscriptSegment[]> {
  const { data } = seattleSchema.parse(await readJson<unknown>(SEATTLE_SENTENCES));
  const meetingMs = Math.round(data[data.length - 1]!.end_time * 1000) + 5_000;
  const sentences = data.map((s) => ({ ...s, text: s.text.trim() })).filter((s) => s.text !== '');
  const segments: TranscriptSegment[] = [];
  let words = 0;
  for (let i = 0; words < minWords; i++) {
    const sentence = sentences[i % sentences.length]!;
    const shift = Math.floor(i / sentences.length) * meetingMs;
    segments.push({
      start_ms: shift + Math.round(sentence.start_time * 1000),
      end_ms: shift + Math.round(sentence.end_time * 1000),
      speaker: null,
      text: sentence.text,
    });
    words += countWords(sentence.text);
  }
  return segments;
}
