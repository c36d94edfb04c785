import type { Sentence } from './sentences.js';

/** Who met: used for responsible parties and the story's "The X voted..." */
export interface MeetingBody {
  /** As named in the title when it names one ("Seattle City Council"), else generic ("City Council"). */
  name: string;
  /** Short generic noun for running text: "council", "committee", "board", "commission". */
  noun: string;
  /** Who carries out directions: "City staff" or "District staff". */
  staff: string;
  /** True when `name` came from the title or description rather than a guess. */
  named: boolean;
}

const KINDS: ReadonlyArray<{ pattern: RegExp; name: string; noun: string; school?: boolean }> = [
  { pattern: /\b(?:school board|board of education|school district|board of trustees|trustees)\b/i, name: 'School Board', noun: 'board', school: true },
  { pattern: /\bboard of supervisors\b/i, name: 'Board of Supervisors', noun: 'board' },
  { pattern: /\bplanning commission\b/i, name: 'Planning Commission', noun: 'commission' },
  { pattern: /\bcommittee\b/i, name: 'Committee', noun: 'committee' },
  { pattern: /\bcommission(?:ers)?\b/i, name: 'Commission', noun: 'commission' },
  { pattern: /\b(?:city|town|village|county) council\b|\bcouncil(?: ?members?)?\b/i, name: 'City Council', noun: 'council' },
  { pattern: /\bboard\b/i, name: 'Board', noun: 'board' },
];

const BODY_KEYWORD = /\b(?:Council|Committee|Commission|Board(?: of [A-Z][a-z]+)?)\b/;
const CONNECTORS = new Set(['&', 'and', 'of', 'on', 'for', 'the']);
/** Capitalised title words that describe the video, not the body. */
const NOT_A_NAME = /^(?:meeting|regular|special|video|live|session|minutes|agenda|briefing|joint|work|study|hearing|public|watch|full|\W+|\d.*)$/i;

/**
 * "Seattle City Council Briefing 7/15/19" -> "Seattle City Council": the keyword plus the run of
 * capitalised words (and connectors such as "&" or "of") right before it.
 */
function findNamedBody(text: string | undefined): string | null {
  if (!text) return null;
  const match = BODY_KEYWORD.exec(text);
  if (!match) return null;
  const words = text.slice(0, match.index).split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  while (words.length > 0 && kept.length < 10) {
    const word = words[words.length - 1] ?? '';
    const bare = word.replace(/,$/, '');
    if (!CONNECTORS.has(bare) && (NOT_A_NAME.test(bare) || !/^[A-Z]/.test(bare))) break;
    kept.unshift(words.pop() ?? '');
  }
  while (kept.length > 0 && CONNECTORS.has((kept[0] ?? '').toLowerCase())) kept.shift();
  const name = [...kept, match[0]].join(' ').trim();
  return kept.length > 0 && name.length <= 80 ? name : null;
}

/** Works out the meeting body from the title, the description, then the meeting's opening. */
export function detectBody(title: string | undefined, description: string | undefined, sentences: readonly Sentence[]): MeetingBody {
  const opening = sentences.slice(0, 15).map((s) => s.text).join(' ');
  const sources = [title ?? '', description ?? '', opening];
  // The title outranks the description, which outranks what was said in the opening minutes.
  const kind =
    sources.map((text) => KINDS.find((k) => k.pattern.test(text))).find((found) => found !== undefined) ?? KINDS[KINDS.length - 2]!;
  // "City Council" in the title, "Fairview City Council" in the description: the fuller name wins.
  const fromTitle = findNamedBody(title);
  const fromDescription = findNamedBody(description);
  const named = fromTitle && fromDescription?.endsWith(fromTitle) ? fromDescription : (fromTitle ?? fromDescription);
  return {
    name: named ?? kind.name,
    noun: kind.noun,
    staff: kind.school ? 'District staff' : 'City staff',
    named: named !== null,
  };
}
