/**
 * Broadcast captions often come in capitals ("COUNCILMEMBER HERBOLD, YOU'RE RECOGNIZED."). The
 * analyzer reads and the story shows them in sentence case: every word lower case except a
 * sentence's first, "I", the names the transcript itself marks as names (after an office or
 * courtesy title, in "my name is …", in the meeting's title), places the lexicon knows, and a
 * short civic list (days, months, acronyms). Quotes keep their words; only the capitals change,
 * and quote verification ignores case.
 */
import { lexiconTags } from './nlp.js';
import { STOPWORDS } from './text.js';

/** Most letters in capitals: the transcript is caption capitals, not speech with a few acronyms. */
const CAPS_SHARE = 0.8;
const SAMPLE_LETTERS = 20_000;

const MONTHS_AND_DAYS = `january february march april may june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday`;
/** Acronyms civic meetings use, kept in capitals. */
const ACRONYMS = `ada adu ceqa cip covid dot epa fema fy hoa hud hvac irs llc nepa pd pta rfp rfq sdot tv us usa ppe ems cdbg gis`;
/** Month names that are also ordinary words stay lower case unless a date follows. */
const AMBIGUOUS_MONTHS = new Set(['may', 'march']);

const KEPT_WORDS = new Map<string, string>([
  ...MONTHS_AND_DAYS.split(/\s+/).filter(Boolean).map((word): [string, string] => [word, word.charAt(0).toUpperCase() + word.slice(1)]),
  ...ACRONYMS.split(/\s+/).filter(Boolean).map((word): [string, string] => [word, word.toUpperCase()]),
]);

const TITLE_BEFORE_NAME =
  /\b(?:COUNCIL\s*MEMBERS?|COUNCIL\s*(?:WO)?MAN|COUNCILOR|MAYOR|PRESIDENT|COMMISSIONER|SUPERVISOR|TRUSTEE|CHAIR(?:MAN|WOMAN)?|DIRECTOR|MR|MRS|MS|DR|MADAM|SENATOR|REPRESENTATIVE|CHIEF)\.?\s+((?:[A-Z][A-Z'’-]+\s*){1,2})/g;
const SELF_NAMED = /\bMY\s+NAME\s+IS\s+((?:[A-Z][A-Z'’-]+\s*){1,3})/g;

/** Words of a meeting title that name the kind of body or meeting, not a proper name. */
const BODY_WORD = /^(?:city|town|village|county|council|committee|board|commission|meeting|regular|special|session|study|work|public|hearing|of|and|the|school|district|planning|budget|briefing|full)$/i;
/** An office said right before a kept name is part of how the person is named: "Councilmember Herbold". */
const NAME_TITLE = /^(?:councilmember|councilwoman|councilman|councilor|mayor|president|commissioner|supervisor|trustee|chair|chairman|chairwoman|director|mr|mrs|ms|dr|senator|representative|chief)\.?$/i;

/** True when the segments are written in capitals. */
export function isAllCaps(texts: readonly string[]): boolean {
  let upper = 0;
  let letters = 0;
  for (const text of texts) {
    for (const char of text) {
      if (!/\p{L}/u.test(char)) continue;
      letters++;
      if (char !== char.toLowerCase()) upper++;
    }
    if (letters >= SAMPLE_LETTERS) break;
  }
  return letters > 0 && upper / letters >= CAPS_SHARE;
}

function isCommonWord(lower: string): boolean {
  if (STOPWORDS.has(lower)) return true;
  const tags = lexiconTags(lower);
  return tags.length > 0 && !tags.some((tag) => /Name|Person|City|Country|Region|Place|Organization/.test(tag));
}

const display = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

/**
 * The names this transcript marks as names: the words after an office or courtesy title
 * ("COUNCILMEMBER HERBOLD"), in a self-introduction, and the capitalised words of the title.
 */
export function namesToKeep(texts: readonly string[], title = ''): Map<string, string> {
  const keep = new Map<string, string>();
  const add = (word: string) => {
    const lower = word.toLowerCase();
    if (lower.length >= 2 && !isCommonWord(lower)) keep.set(lower, /^[A-Z][a-z]/.test(word) ? word : display(word));
  };
  // How often each word follows a title, against how often it is said at all: a name is said
  // mostly as a name ("HERBOLD"), an ordinary word mostly not ("COUNCILMEMBER MOSQUEDA'S OFFICE").
  const named = new Map<string, number>();
  for (const text of texts) {
    for (const pattern of [TITLE_BEFORE_NAME, SELF_NAMED]) {
      for (const match of text.matchAll(pattern)) {
        const [first = '', second = ''] = (match[1] ?? '').trim().split(/\s+/).map((word) => word.replace(/[’']S$/i, '').toLowerCase());
        const words = second && lexiconTags(first).some((tag) => /FirstName|MaleName|FemaleName/.test(tag)) ? [first, second] : [first];
        for (const word of words) named.set(word, (named.get(word) ?? 0) + 1);
      }
    }
  }
  if (named.size > 0) {
    const said = new Map<string, number>();
    for (const text of texts) for (const word of text.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []) {
      const base = word.replace(/['’]s$/, '');
      if (named.has(base)) said.set(base, (said.get(base) ?? 0) + 1);
    }
    for (const [word, count] of named) if (count * 3 >= (said.get(word) ?? count)) add(word.toUpperCase());
  }
  for (const word of title.split(/[^\p{L}'’-]+/u)) if (/^\p{Lu}/u.test(word) && !BODY_WORD.test(word)) add(word);
  return keep;
}

function recaseWord(word: string, next: string, keep: ReadonlyMap<string, string>): string {
  const lower = word.toLowerCase();
  const possessive = /['’]s$/.exec(lower)?.[0] ?? '';
  const base = lower.slice(0, lower.length - possessive.length);
  const name = keep.get(base);
  if (name) return `${name}${possessive}`;
  const known = KEPT_WORDS.get(lower);
  if (known && (!AMBIGUOUS_MONTHS.has(lower) || /^\d/.test(next))) return known;
  if (/^i(?:['’](?:m|ll|d|ve))?$/.test(lower)) return `I${lower.slice(1)}`;
  if (NAME_TITLE.test(lower) && keep.has(next.toLowerCase().replace(/[^\p{L}'’-]+/gu, '').replace(/['’]s$/, ''))) return display(word);
  // Places the lexicon knows ("SEATTLE", "TEXAS"), never a word that is also an ordinary word.
  if (lexiconTags(lower).some((tag) => /^(?:City|Country|Region)$/.test(tag))) return display(word);
  return lower;
}

/**
 * One text in sentence case: lower case but for sentence starts, "I", kept names and the civic
 * list. `startsSentence` is false for a caption line that continues the previous one.
 */
export function sentenceCase(text: string, keep: ReadonlyMap<string, string>, startsSentence = true): string {
  const parts = text.split(/(\s+)/);
  let sentenceStart = startsSentence;
  return parts
    .map((part, i) => {
      if (/^\s*$/.test(part)) return part;
      const match = /^([^\p{L}]*)([\p{L}'’.-]*\p{L})?(.*)$/u.exec(part);
      const [, lead = '', word = '', tail = ''] = match ?? [];
      if (!word) return part;
      // Abbreviations with periods ("U.S.", "P.M.") keep their capitals.
      const recased = /^(?:\p{L}\.)+\p{L}?$/u.test(word) ? word : recaseWord(word, parts[i + 2] ?? '', keep);
      const out = sentenceStart ? recased.charAt(0).toUpperCase() + recased.slice(1) : recased;
      sentenceStart = /[.?!]["'”’)]*$/.test(tail || word) && !/^(?:\p{L}\.)+$/u.test(word + tail);
      return `${lead}${out}${tail}`;
    })
    .join('');
}

/** Segments' texts in sentence case when the transcript is in capitals; unchanged otherwise. */
export function recaseCaptions(texts: readonly string[], title?: string): string[] {
  if (!isAllCaps(texts)) return [...texts];
  const keep = namesToKeep(texts, title);
  let startsSentence = true;
  return texts.map((text) => {
    const recased = sentenceCase(text, keep, startsSentence);
    if (text.trim()) startsSentence = /[.?!]["'”’)]*\s*$/.test(text);
    return recased;
  });
}
