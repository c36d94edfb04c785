/**
 * A realistic search corpus for the search benchmark, built from the sentences of the real
 * Seattle transcripts in ../shared/fixtures/real/ (581 distinct sentences of two full meetings
 * and a clip). Each generated meeting follows the timeline of one real meeting (its own
 * sentence timestamps, repeated with a shift when it runs longer) and fills it with sentences
 * drawn from the whole pool:
 *
 * - Sentence popularity follows a Zipf law (exponent 1) with short sentences more popular, so
 *   "Thank you." is everywhere while long, specific sentences are rarer, as in real meetings.
 * - Each city gets its own name in place of "Seattle" and its own council roster in place of
 *   the Seattle council members' names, so names are rare, city-bound words.
 *
 * Everything is seeded: the same size gives the same corpus on every engine and every run.
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REAL_DIR = fileURLToPath(new URL('../../../shared/fixtures/real/', import.meta.url));

interface Sentence {
  text: string;
  start_ms: number;
  end_ms: number;
}

interface RealMeeting {
  name: string;
  sentences: Sentence[];
}

const sentencesFile = z.object({
  data: z.array(z.object({ text: z.string(), start_time: z.number(), end_time: z.number() })).min(1),
});
const clipFile = z.object({
  sentences: z.array(z.object({ text: z.string(), start_time: z.number(), end_time: z.number() })).min(1),
});

const toMs = (seconds: number) => Math.round(seconds * 1000);
const readJson = async (file: string): Promise<unknown> => JSON.parse(await fs.readFile(REAL_DIR + file, 'utf8'));

/** The three real meetings; the word-level one is cut into sentences at . ? and !. */
export async function loadRealMeetings(): Promise<RealMeeting[]> {
  const committee = sentencesFile.parse(await readJson('cdp_seattle_2019-06-25_committee_sentences.json'));
  const words = sentencesFile.parse(await readJson('cdp_seattle_2019-07-15_briefing_words.json'));
  const clip = clipFile.parse(await readJson('cdp_v4_seattle_briefing_transcript_clip.json'));
  const fromTimed = (items: { text: string; start_time: number; end_time: number }[]) =>
    items
      .map((s) => ({ text: s.text.trim(), start_ms: toMs(s.start_time), end_ms: toMs(s.end_time) }))
      .filter((s) => s.text !== '');
  const briefing: Sentence[] = [];
  let current: { text: string[]; start: number } | null = null;
  for (const word of words.data) {
    current ??= { text: [], start: word.start_time };
    current.text.push(word.text);
    if (/[.?!]$/.test(word.text)) {
      briefing.push({ text: current.text.join(' '), start_ms: toMs(current.start), end_ms: toMs(word.end_time) });
      current = null;
    }
  }
  return [
    { name: 'committee 2019-06-25', sentences: fromTimed(committee.data) },
    { name: 'briefing 2019-07-15', sentences: briefing },
    { name: 'briefing clip', sentences: fromTimed(clip.sentences) },
  ];
}

/** mulberry32: small, fast and good enough to shuffle a benchmark corpus. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Real places, so city names read like the ones residents type.
const CITY_NAMES: [string, string][] = [
  ['Ashland', 'OR'], ['Bellingham', 'WA'], ['Boulder', 'CO'], ['Burlington', 'VT'], ['Carmel', 'IN'],
  ['Davis', 'CA'], ['Durango', 'CO'], ['Eugene', 'OR'], ['Flagstaff', 'AZ'], ['Galveston', 'TX'],
  ['Greenville', 'SC'], ['Hoboken', 'NJ'], ['Ithaca', 'NY'], ['Juneau', 'AK'], ['Kalamazoo', 'MI'],
  ['Lawrence', 'KS'], ['Missoula', 'MT'], ['Naperville', 'IL'], ['Olympia', 'WA'], ['Pasadena', 'CA'],
  ['Provo', 'UT'], ['Roanoke', 'VA'], ['Santa Fe', 'NM'], ['Savannah', 'GA'], ['Sedona', 'AZ'],
  ['Spokane', 'WA'], ['Tacoma', 'WA'], ['Tempe', 'AZ'], ['Tulsa', 'OK'], ['Urbana', 'IL'],
  ['Ventura', 'CA'], ['Waco', 'TX'], ['Wichita', 'KS'], ['Yakima', 'WA'], ['Annapolis', 'MD'],
  ['Bozeman', 'MT'], ['Chattanooga', 'TN'], ['Decatur', 'GA'], ['Evanston', 'IL'], ['Fargo', 'ND'],
];

const SURNAMES = [
  'Abernathy', 'Alvarado', 'Banerjee', 'Castellanos', 'Delacroix', 'Eriksen', 'Fitzgerald', 'Gallagher',
  'Hollister', 'Ibarra', 'Jablonski', 'Kowalczyk', 'Lindqvist', 'Mbeki', 'Nakamura', 'Okonkwo',
  'Pemberton', 'Quintero', 'Rasmussen', 'Sandoval', 'Thibodeaux', 'Underwood', 'Valenzuela', 'Whitfield',
  'Yamamoto', 'Zielinski', 'Achterberg', 'Brandvold', 'Cervantes', 'Dunleavy', 'Esposito', 'Fairweather',
  'Gutierrez', 'Haugen', 'Iwasaki', 'Jorgensen', 'Kealoha', 'Lachance', 'Moreau', 'Nwosu',
  'Oyelaran', 'Pellegrino', 'Quarles', 'Rutkowski', 'Szabo', 'Tanaka', 'Uchida', 'Vasquez',
  'Wojcik', 'Xiong', 'Yilmaz', 'Zaragoza', 'Arbuckle', 'Blackwood', 'Crenshaw', 'Dabrowski',
  'Ellsworth', 'Featherstone', 'Galloway', 'Hargrove',
];

/** The Seattle council members heard in the fixtures, as the speech-to-text wrote them. */
const SEATTLE_NAMES = ['herbold', "O'Brien", 'Gonzalez', 'Gonzales', 'Bagshaw', 'Pacheco', 'Harold', 'Harrell'];

const BODIES = [
  'City Council Regular Meeting', 'City Council Work Session', 'Council Briefing', 'Planning Commission',
  'Budget Committee', 'Parks and Recreation Board', 'Land Use and Zoning Committee', 'Public Safety Committee',
  'Transportation Committee', 'Civil Rights, Utilities, Economic Development and Arts Committee',
];

export interface CorpusCity {
  name: string;
  state: string;
  location_key: string;
  roster: string[];
}

export function corpusCities(): CorpusCity[] {
  const random = seededRandom(7);
  return CITY_NAMES.map(([name, state]) => ({
    name,
    state,
    location_key: `${name.toLowerCase().replace(/ /g, '-')}-${state.toLowerCase()}`,
    roster: SEATTLE_NAMES.map(() => SURNAMES[Math.floor(random() * SURNAMES.length)]!),
  }));
}

/** One city's version of a sentence: its own name and council instead of Seattle's. */
export function localise(text: string, city: CorpusCity): string {
  let out = text.replace(/Seattle/g, city.name);
  SEATTLE_NAMES.forEach((name, i) => {
    out = out.replace(new RegExp(`\\b${name}\\b`, 'gi'), city.roster[i]!);
  });
  return out;
}

export interface CorpusPlan {
  meetings: number;
  cities: CorpusCity[];
  /** The sentence pool; `pool[i]` is sentence id i. */
  pool: string[];
  real: RealMeeting[];
}

export async function planCorpus(meetings: number): Promise<CorpusPlan> {
  const real = await loadRealMeetings();
  const pool = [...new Set(real.flatMap((m) => m.sentences.map((s) => s.text)))];
  return { meetings, cities: corpusCities(), pool, real };
}

/** Zipf weights over the pool, rank 1 the most popular; short sentences get the low ranks more often. */
function zipfSampler(pool: string[], random: () => number): () => number {
  const order = pool.map((text, id) => ({ id, key: text.length * (0.5 + random()) })).sort((a, b) => a.key - b.key);
  const cumulative: number[] = [];
  let total = 0;
  order.forEach((_, rank) => {
    total += 1 / (rank + 1);
    cumulative.push(total);
  });
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return order[lo]!.id;
  };
}

export interface MeetingPlan {
  index: number;
  cityIndex: number;
  title: string;
  description: string;
  publishedAt: Date;
  sentenceIds: number[];
  starts: number[];
  ends: number[];
}

const FIRST_DAY = Date.UTC(2016, 0, 4, 2);
const DAY_MS = 86_400_000;
const SPAN_DAYS = 3650;

/** Meeting i of the corpus: 300 to 700 segments (500 on average) on a real meeting's timeline. */
export function* planMeetings(plan: CorpusPlan): Generator<MeetingPlan> {
  const random = seededRandom(42);
  const draw = zipfSampler(plan.pool, random);
  const timelines = plan.real.filter((m) => m.sentences.length > 100);
  for (let i = 0; i < plan.meetings; i++) {
    const cityIndex = i % plan.cities.length;
    const city = plan.cities[cityIndex]!;
    const timeline = timelines[Math.floor(random() * timelines.length)]!.sentences;
    const length = 300 + Math.floor(random() * 401);
    const meetingMs = timeline[timeline.length - 1]!.end_ms + 5_000;
    const starts: number[] = [];
    const ends: number[] = [];
    const sentenceIds: number[] = [];
    for (let j = 0; j < length; j++) {
      const slot = timeline[j % timeline.length]!;
      const shift = Math.floor(j / timeline.length) * meetingMs;
      starts.push(shift + slot.start_ms);
      ends.push(shift + Math.max(slot.end_ms, slot.start_ms));
      sentenceIds.push(draw());
    }
    const publishedAt = new Date(FIRST_DAY + Math.floor((i / plan.meetings) * SPAN_DAYS) * DAY_MS + (i % 7) * 3_600_000);
    const body = BODIES[Math.floor(random() * BODIES.length)]!;
    const date = publishedAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    yield {
      index: i,
      cityIndex,
      title: `${body} - ${date}`,
      description: `${city.name}, ${city.state}: ${body} of ${date}. Public comment, agenda items and votes.`,
      publishedAt,
      sentenceIds,
      starts,
      ends,
    };
  }
}
