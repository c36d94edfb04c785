/**
 * The development set for the analyzer-quality evaluation: real meetings from
 * ../shared/fixtures/real/ read through the product's own transcript parser, each with the
 * title a user would have and, where one exists, the reference of what the meeting decided.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTranscriptFile, type ParsedTranscript } from '../../core/domain/transcript-formats.js';

export const REAL_DIR = fileURLToPath(new URL('../../../shared/fixtures/real/', import.meta.url));

export interface ReferenceDecision {
  item: string;
  action: string;
  tally: string | null;
  approx_time_s: number;
  tally_from?: string;
  transcript_quote?: string;
  /** The verbatim sentence(s) stating the result, "..." between separate ones (the newer references). */
  evidence?: string;
  notes?: string;
}

export interface ReferenceSpeaker {
  name: string;
  role: string;
}

export interface Reference {
  decisions: ReferenceDecision[];
  named_speakers: ReferenceSpeaker[];
}

export interface DevMeeting {
  file: string;
  title: string;
  cityName: string;
  publishedAt: string;
  /** The host city, which the entities must name. */
  city: string;
  parsed: ParsedTranscript;
  reference: Reference | null;
  /** Seconds of the recording that repeat earlier ones; decisions found there are not scored. */
  repeatedFrom_s: number | null;
}

interface MeetingSpec {
  file: string;
  title: string;
  cityName: string;
  publishedAt: string;
  reference?: string;
  repeatedFrom_s?: number;
  /** Read in capitals, as broadcast captions deliver a meeting: the same decisions must come out, in sentence case. */
  capitals?: boolean;
}

/** Titles as the source names the video (the archive's, CDP's event name): no help beyond what a user gets. */
const SPECS: readonly MeetingSpec[] = [
  {
    file: 'knoxville_2018-07-03_city-council_whisper-transcript.md',
    title: 'City Council R 265 180703',
    cityName: 'Knoxville',
    publishedAt: '2018-07-03T22:00:00Z',
    reference: 'knoxville_2018-07-03_city-council_whisper-transcript.json',
  },
  {
    file: 'seattle_2020-08-10_city-council_cdp-captions-transcript.json',
    title: 'City Council 8/10/2020',
    cityName: 'Seattle',
    publishedAt: '2020-08-10T21:00:00Z',
    reference: 'seattle_2020-08-10_city-council_cdp-captions-transcript.json',
    repeatedFrom_s: 11_200,
  },
  {
    file: 'seattle_2020-08-10_city-council_cdp-captions-transcript.json',
    title: 'City Council 8/10/2020',
    cityName: 'Seattle',
    publishedAt: '2020-08-10T21:00:00Z',
    reference: 'seattle_2020-08-10_city-council_cdp-captions-transcript.json',
    repeatedFrom_s: 11_200,
    capitals: true,
  },
  {
    file: 'seattle_2020-08-10_city-council_cdp-gsr-transcript.json',
    title: 'City Council 8/10/2020',
    cityName: 'Seattle',
    publishedAt: '2020-08-10T21:00:00Z',
    reference: 'seattle_2020-08-10_city-council_cdp-captions-transcript.json',
    repeatedFrom_s: 11_200,
  },
  {
    file: 'cdp_seattle_2019-06-25_committee_sentences.json',
    title: 'Civil Rights, Utilities, Economic Development and Arts Committee 6/25/19',
    cityName: 'Seattle',
    publishedAt: '2019-06-25T17:00:00Z',
  },
  {
    file: 'cdp_seattle_2019-07-15_briefing_words.json',
    title: 'Council Briefing 7/15/19',
    cityName: 'Seattle',
    publishedAt: '2019-07-15T17:00:00Z',
  },
  {
    file: 'cdp_v4_seattle_briefing_transcript_clip.json',
    title: 'Council Briefing 7/22/19',
    cityName: 'Seattle',
    publishedAt: '2019-07-22T17:00:00Z',
  },
];

/** The meetings whose files are present; an empty list when the shared folder is absent. */
export function loadDevSet(): DevMeeting[] {
  const meetings: DevMeeting[] = [];
  for (const spec of SPECS) {
    const path = `${REAL_DIR}${spec.file}`;
    if (!existsSync(path)) continue;
    const read = parseTranscriptFile(readFileSync(path, 'utf8'), { filename: spec.file });
    const parsed = spec.capitals ? { ...read, segments: read.segments.map((segment) => ({ ...segment, text: segment.text.toUpperCase() })) } : read;
    const referencePath = spec.reference ? `${REAL_DIR}decisions/${spec.reference}` : null;
    const reference = referencePath && existsSync(referencePath) ? (JSON.parse(readFileSync(referencePath, 'utf8')) as Reference) : null;
    meetings.push({
      file: spec.capitals ? spec.file.replace(/\.\w+$/, '-in-capitals$&') : spec.file,
      title: spec.title,
      cityName: spec.cityName,
      publishedAt: spec.publishedAt,
      city: spec.cityName,
      parsed,
      reference,
      repeatedFrom_s: spec.repeatedFrom_s ?? null,
    });
  }
  return meetings;
}
