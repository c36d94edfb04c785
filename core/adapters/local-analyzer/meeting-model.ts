import type { TranscriptSegment } from '../../domain/transcript.js';
import { findAgendaItems, type AgendaItem } from './agenda.js';
import { isAllCaps, recaseCaptions } from './caption-case.js';
import { stripSpeakerTags } from './caption-tags.js';
import { mainDecision } from './decision-weight.js';
import { findDecisions, type Decision } from './decisions.js';
import { detectBody, type MeetingBody } from './meeting.js';
import { scoreSentences, type ScoredSentence } from './scoring.js';
import { splitSentences } from './sentences.js';
import { nameSpeakers } from './speaker-names.js';
import { speakerMap, type Speaker } from './speakers.js';

/** Everything the analyzer and the story writer read off one transcript, computed once. */
export interface MeetingModel {
  sentences: ScoredSentence[];
  body: MeetingBody;
  speakers: Map<string, Speaker>;
  items: AgendaItem[];
  decisions: Decision[];
  main: Decision | null;
  durationMs: number;
  /** The transcript came in caption capitals and is read in sentence case. */
  recased: boolean;
}

/**
 * The analyzer and then the story writer usually read the same transcript array: the model
 * is kept per array (weakly, so it goes with the array) and reused while the array and the
 * title and description it was built with are unchanged.
 */
const cache = new WeakMap<readonly TranscriptSegment[], { key: string; model: MeetingModel }>();

function cacheKey(segments: readonly TranscriptSegment[], title?: string, description?: string): string {
  const last = segments[segments.length - 1];
  return JSON.stringify([segments.length, last?.end_ms, last?.text.length, title ?? null, description ?? null]);
}

export function buildMeetingModel(segments: readonly TranscriptSegment[], title?: string, description?: string): MeetingModel {
  const key = cacheKey(segments, title, description);
  const cached = cache.get(segments);
  if (cached?.key === key) return cached.model;
  const model = computeModel(segments, title, description);
  cache.set(segments, { key, model });
  return model;
}

/**
 * A transcript published as a Markdown table ("| 0:02:25| The minutes are approved.| [source
 * video](…)|") arrives as plain text with its markup: only the spoken cell is speech. Headings,
 * the header row and the rule row carry no words.
 */
function spokenText(text: string): string {
  const trimmed = text.trim();
  if (/^#{1,6}\s|^\|?[\s|:-]+\|?$|^\|\s*time\s*\|/i.test(trimmed)) return '';
  const row = /^\|\s*\d{1,2}:\d{2}(?::\d{2})?\s*\|\s*(.*?)\s*\|(?:\s*\[[^\]]*\]\([^)]*\)\s*\|)?\s*$/.exec(trimmed);
  return row ? (row[1] ?? '') : text;
}

function computeModel(segments: readonly TranscriptSegment[], title?: string, description?: string): MeetingModel {
  const said = stripSpeakerTags(segments.map((segment) => spokenText(segment.text)));
  const texts = recaseCaptions(said, title);
  const spoken = segments.map((segment, i) => ({ ...segment, text: texts[i] ?? '' }));
  const split = splitSentences(spoken.filter((segment) => segment.text.trim() !== ''));
  const named = nameSpeakers(split);
  const sentences = scoreSentences(named.sentences);
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  // The transcript's own speakers (a diarizer's labels renamed where the meeting says who they
  // are). A sentence of an unlabelled transcript named by its own words is no speaker label: the
  // story still treats the transcript as one without speakers, and credits that sentence only.
  const speakers = speakerMap(split.map((s) => (s.speaker ? (named.renamed.get(s.speaker) ?? s.speaker) : null)));
  const items = findAgendaItems(sentences);
  const decisions = findDecisions(sentences, items, speakers);
  return {
    sentences,
    body: detectBody(title, description, sentences),
    speakers,
    items,
    decisions,
    main: mainDecision(decisions),
    durationMs: first && last ? Math.max(1, last.end_ms - first.start_ms) : 1,
    recased: isAllCaps(said),
  };
}

/** "Fairview" from "Fairview City Council" or "Fairview Unified School District Board of Education". */
export function cityFromBody(body: MeetingBody): string | null {
  if (!body.named) return null;
  const match = /^((?:[A-Z][\w'’-]+\s+){1,3}?)(?:City|Town|Village|County|Unified|School|Public|Board|Council)\b/.exec(body.name);
  return match?.[1]?.trim() || null;
}
