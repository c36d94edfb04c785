/**
 * What re-casing captions needs to know about words, whichever way the captions came (in
 * capitals or in lower case): the civic list shown in capitals or capitalised, the offices said
 * before names, which words are ordinary words rather than names, and a walk over the words of a
 * text that changes only their letters.
 */
import { lexiconTags } from './nlp.js';
import { STOPWORDS } from './text.js';

const MONTHS_AND_DAYS = `january february march april may june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday`;
/** Acronyms civic meetings use, kept in capitals. */
const ACRONYMS = `ada adu ceqa cip covid dot epa fema fy hoa hud hvac irs llc nepa pd pta rfp rfq sdot tv us usa ppe ems cdbg gis`;
/** Acronyms that are also words ("us", "dot"): said in lower case, they are the word. */
export const AMBIGUOUS_ACRONYMS: ReadonlySet<string> = new Set(['dot', 'us']);
/** Courtesy titles and suffixes, always capitalised: "MR. CLARK" is "Mr. Clark", never "mr. Clark". */
const HONORIFICS = `mr mrs ms dr jr sr`;
/** Month names that are also ordinary words stay lower case unless a date follows. */
const AMBIGUOUS_MONTHS = new Set(['may', 'march']);
/** "MAY 1ST", "may thirty first": a day of the month follows. */
const DAY_OF_MONTH =
  /^(?:\d|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fifteenth|twentieth|thirtieth|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)\b)/i;

export const display = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

export const KEPT_WORDS: ReadonlyMap<string, string> = new Map<string, string>([
  ...MONTHS_AND_DAYS.split(/\s+/).filter(Boolean).map((word): [string, string] => [word, display(word)]),
  ...ACRONYMS.split(/\s+/).map((word): [string, string] => [word, word.toUpperCase()]),
  ...HONORIFICS.split(/\s+/).map((word): [string, string] => [word, display(word)]),
]);

/** An office said right before a kept name is part of how the person is named: "Councilmember Herbold". */
export const NAME_TITLE =
  /^(?:councilmember|councilwoman|councilman|councilor|councillor|mayor|president|commissioner|supervisor|trustee|chair|chairman|chairwoman|director|mr|mrs|ms|dr|senator|representative|chief|father|reverend|pastor)\.?$/i;

export function isCommonWord(lower: string): boolean {
  if (STOPWORDS.has(lower)) return true;
  const tags = lexiconTags(lower);
  return tags.length > 0 && !tags.some((tag) => /Name|Person|City|Country|Region|Place|Organization/.test(tag));
}

/** Places the lexicon knows ("SEATTLE", "boston"), shown capitalised. */
function isKnownPlace(lower: string): boolean {
  return lexiconTags(lower).some((tag) => /^(?:City|Country|Region)$/.test(tag));
}

/**
 * A word as the civic list, the kept names and the lexicon's places show it; otherwise in lower
 * case. `next` is the word after, which tells "MAY 1ST" from "MAY BE" and whether an office is
 * said before a kept name.
 */
export function recaseWord(word: string, next: string, keep: ReadonlyMap<string, string>): string {
  const lower = word.toLowerCase();
  const possessive = /['’]s$/.exec(lower)?.[0] ?? '';
  const base = lower.slice(0, lower.length - possessive.length);
  const name = keep.get(base);
  if (name) return `${name}${possessive}`;
  const known = KEPT_WORDS.get(lower);
  if (known && (!AMBIGUOUS_MONTHS.has(lower) || DAY_OF_MONTH.test(next))) return known;
  if (/^i(?:['’](?:m|ll|d|ve))?$/.test(lower)) return `I${lower.slice(1)}`;
  if (NAME_TITLE.test(lower) && keep.has(next.toLowerCase().replace(/[^\p{L}'’-]+/gu, '').replace(/['’]s$/, ''))) return display(word);
  if (isKnownPlace(lower)) return display(word);
  return lower;
}

/** A word and the punctuation before it: "(HERBOLD" in "(HERBOLD,". */
const WORD_IN_TOKEN = /([^\p{L}]*)([\p{L}'’.-]*\p{L})/uy;
/** Abbreviations a name follows: "MR. CLARK" is one sentence. */
const TITLE_ABBREVIATION = /^(?:mr|mrs|ms|dr|st)$/i;
const INITIALISM = /^(?:\p{L}\.)+\p{L}?$/u;

/** What `mapWords` tells about a word: the next word, and whether a sentence starts with it. */
export interface WordPlace {
  next: string;
  startsSentence: boolean;
  /** A stop comes right before, even one that ends no sentence ("years . A couple"). */
  afterStop: boolean;
}

/**
 * Every word of a text through `recase`, also words glued by punctuation ("ORDINANCE,ENTERPRISE"):
 * nothing is added or dropped between them, and abbreviations with periods ("U.S.", "P.M.") are
 * left as they are. `startsSentence` is false for a caption line that continues the previous one.
 */
export function mapWords(text: string, recase: (word: string, place: WordPlace) => string, startsSentence = true): string {
  const parts = text.split(/(\s+)/);
  let sentenceStart = startsSentence;
  let afterStop = false;
  return parts
    .map((part, i) => {
      if (/^\s*$/.test(part)) return part;
      // A stop standing alone ("logic . no other council member") is a caption's pause: the sentence may go on.
      if (!/\p{L}/u.test(part)) {
        afterStop = /[.?!]/.test(part);
        return part;
      }
      let out = '';
      let at = 0;
      for (WORD_IN_TOKEN.lastIndex = 0; ; ) {
        const match = WORD_IN_TOKEN.exec(part);
        if (!match) break;
        const [, lead = '', word = ''] = match;
        at = WORD_IN_TOKEN.lastIndex;
        const rest = part.slice(at);
        const next = rest.replace(/^[^\p{L}\d]+/u, '') || (parts[i + 2] ?? '');
        afterStop ||= /[.?!]/.test(lead);
        out += lead + (INITIALISM.test(word) ? word : recase(word, { next, startsSentence: sentenceStart, afterStop }));
        afterStop = false;
        const ends = /^[^\p{L}]*?[.?!]/u.test(rest);
        sentenceStart = ends && !INITIALISM.test(word + (rest[0] ?? '')) && !(TITLE_ABBREVIATION.test(word) && rest.startsWith('.'));
      }
      return out + part.slice(at);
    })
    .join('');
}

/** Whether a text ends a sentence, so the next caption line starts one. */
export const endsSentence = (text: string) => /[.?!]["'”’)]*\s*$/.test(text);
