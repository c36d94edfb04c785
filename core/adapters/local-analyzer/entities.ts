import type { Entity } from '../../domain/analysis.js';
import { listDatePhrases } from './dates.js';
import { parseNlp } from './nlp.js';
import type { ScoredSentence } from './scoring.js';
import { ensureTerminalPunctuation, STOPWORDS } from './text.js';

export type EntityType = 'person' | 'organization' | 'place' | 'date' | 'money';

const MAX_ENTITIES = 25;
const PER_TYPE: Record<EntityType, number> = { person: 10, organization: 8, place: 6, date: 6, money: 6 };
/**
 * compromise tags ~6,000 words a second, so named-entity tagging runs on a bounded selection
 * of sentences (the ones with capitalised words first); frequency is then counted by plain
 * string search over the whole meeting, which is cheap.
 */
const NER_WORD_BUDGET = 4000;
const NER_CHUNK_SENTENCES = 25;
const CONTEXT_WORDS = 24;

const JUNK = new Set(
  `i me my you your he she it we they him her them us our okay ok thank thanks yes no yeah madam sir chair
  mister council committee city everybody everyone folks guys god um uh hi hello good morning today tonight
  agenda item motion aye ayes nay mayor president staff member members chairman chairwoman vice
  commissioner director county state district department office park parks village villages house city hall
  people community government program team report board commission`.split(/\s+/).filter(Boolean),
);
const TITLES = /^(?:(?:the|our)\s+)?(?:council\s*(?:member|woman|man|president)|councilmember|mayor|deputy mayor|mr\.?|mrs\.?|ms\.?|dr\.?|chair(?:man|woman|person)?|president|director|superintendent|commissioner|trustee|supervisor|vice chair|madam)\s+/i;
const ORG_SUFFIX = /\b(?:Department|Office|Commission|Committee|Council|Board|Authority|Agency|District|Club|League|Association|Foundation|Company|Corporation|Inc|University|College|School|Center|Library|Coalition|Alliance|Services|Utilities)$/;
const ORG_PATTERN =
  /\b(?:[A-Z][\w&'’-]+\s+(?:of\s+|for\s+|and\s+|&\s+)?){1,4}(?:Department|Office|Commission|Committee|Board|Authority|Agency|Club|League|Association|Foundation|Company|Corporation|University|College|Library|Coalition|Alliance|Construction|Group|Partners|LLC|Bank|Church|Hospital|Institute|Society|Trust)\b/g;
const MONEY_PATTERN =
  /\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|thousand|[kmb])\b)?|\b\d[\d,]*(?:\.\d+)?\s(?:(?:million|billion|thousand)\s)?dollars\b/gi;
const NOT_NAME_WORDS = new Set(['I', "I'm", 'I’m', "I've", "I'll", "I'd", 'OK', 'Okay']);

/** Words compromise sometimes glues to the front of a name ("Although Council"). */
const LEAD_WORDS = new Set([...STOPWORDS, 'although', 'because', 'since', 'unless', 'whereas', 'also', 'dear', 'hey']);

const PERSON_TITLE_WORDS = new Set(['council', 'member', 'members', 'councilmember', 'mayor', 'chair', 'commissioner', 'director', 'president', 'vice', 'madam', 'mr', 'mrs', 'ms', 'dr', 'trustee', 'supervisor']);

interface Mention {
  name: string;
  type: EntityType;
}

function cleanName(raw: string, type: EntityType): string {
  const name = raw
    .replace(/[’']s\b/g, '')
    .replace(/^[\s"'“(]+|[\s"'”),.;:!?]+$/g, '')
    .replace(/^(?:the|a|an)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A proper name starts with a capital: "president Harold" is Harold, "house Villages" is noise.
  if (type === 'money' || type === 'date') return name;
  const words = name.split(' ');
  const lead = (word: string) => LEAD_WORDS.has(word.toLowerCase()) || (type === 'person' && PERSON_TITLE_WORDS.has(word.toLowerCase()));
  while (words.length > 1 && (/^[a-z]/.test(words[0] ?? '') || lead(words[0] ?? ''))) words.shift();
  return words.join(' ');
}

function keyOf(name: string): string {
  return name.toLowerCase().replace(TITLES, '').replace(/(\d)(?:st|nd|rd|th)\b/g, '$1').replace(/[^\p{L}\p{N}$ ]+/gu, '').trim();
}

function isJunk(name: string, key: string): boolean {
  if (key.length < 3 || !/\p{L}|\d/u.test(key)) return true;
  if (name.split(/\s+/).length > 6) return true;
  return key.split(/\s+/).every((word) => JUNK.has(word));
}

function capitalizedWords(text: string): number {
  const words = text.split(/\s+/).slice(1);
  return words.filter((word) => /^[A-Z][\p{L}'’.-]+/u.test(word) && !NOT_NAME_WORDS.has(word.replace(/[,.;:!?]+$/, ''))).length;
}

/** Sentences worth tagging: most capitalised words first, within the word budget; in meeting order. */
function nerSelection(sentences: readonly ScoredSentence[]): ScoredSentence[] {
  const ranked = sentences
    .map((sentence) => ({ sentence, caps: capitalizedWords(sentence.text) }))
    .sort((a, b) => b.caps - a.caps || b.sentence.score - a.sentence.score || a.sentence.index - b.sentence.index);
  const chosen: ScoredSentence[] = [];
  let words = 0;
  for (const { sentence } of ranked) {
    if (words + sentence.words > NER_WORD_BUDGET) continue;
    chosen.push(sentence);
    words += sentence.words;
  }
  return chosen.sort((a, b) => a.index - b.index);
}

function taggedMentions(sentences: readonly ScoredSentence[]): Mention[] {
  const mentions: Mention[] = [];
  const selection = nerSelection(sentences);
  for (let i = 0; i < selection.length; i += NER_CHUNK_SENTENCES) {
    // Unpunctuated captions would reach compromise as one huge sentence, which it tags far more slowly.
    const doc = parseNlp(selection.slice(i, i + NER_CHUNK_SENTENCES).map((s) => ensureTerminalPunctuation(s.text)).join(' '));
    const found: Array<[EntityType, string[]]> = [
      ['person', doc.people().out('array') as string[]],
      ['organization', doc.organizations().out('array') as string[]],
      ['place', doc.places().out('array') as string[]],
    ];
    for (const [type, names] of found) for (const name of names) mentions.push({ name, type });
  }
  return mentions;
}

function patternMentions(sentences: readonly ScoredSentence[]): Mention[] {
  const mentions: Mention[] = [];
  for (const { text } of sentences) {
    for (const match of text.matchAll(ORG_PATTERN)) mentions.push({ name: match[0], type: 'organization' });
    for (const match of text.matchAll(MONEY_PATTERN)) mentions.push({ name: match[0], type: 'money' });
    for (const phrase of listDatePhrases(text)) mentions.push({ name: phrase, type: 'date' });
  }
  return mentions;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whole-word occurrences of `needle` in `haystack` (both lowercase), stopping at `limit`. */
function countOccurrences(haystack: string, needle: string, limit = Infinity): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && count < limit; at = haystack.indexOf(needle, at + needle.length)) {
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + needle.length] ?? ' ';
    const edgeBefore = !WORD_CHAR.test(needle[0] ?? '') || !WORD_CHAR.test(before);
    const edgeAfter = !WORD_CHAR.test(needle[needle.length - 1] ?? '') || !WORD_CHAR.test(after);
    if (edgeBefore && edgeAfter) count++;
  }
  return count;
}

/**
 * True when every mention of `key` is part of a longer name already kept ("House Villages" in
 * "Tiny House Villages"); "Seattle" next to "West Seattle" survives because it also stands alone.
 */
function isPartOfKept(key: string, kept: Iterable<string>, whole: string): boolean {
  for (const other of kept) {
    if (other === key || countOccurrences(other, key, 1) === 0) continue;
    if (countOccurrences(whole, key) <= countOccurrences(whole, other)) return true;
  }
  return false;
}

/** The words around the first mention: a short excerpt of the sentence. */
export function excerptAround(text: string, needle: string, maxWords = CONTEXT_WORDS): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return words.join(' ');
  const at = text.toLowerCase().indexOf(needle.toLowerCase());
  const wordIndex = at < 0 ? 0 : text.slice(0, at).split(/\s+/).filter(Boolean).length;
  const from = Math.max(0, Math.min(wordIndex - Math.floor(maxWords / 3), words.length - maxWords));
  const slice = words.slice(from, from + maxWords).join(' ');
  return `${from > 0 ? '…' : ''}${slice}${from + maxWords < words.length ? '…' : ''}`;
}

/**
 * People, organisations and places (compromise), dates and money (patterns). Deduplicated by
 * normalised name (titles like "Council Member" dropped), ranked by how often the meeting
 * mentions them, capped per type and overall.
 */
export function extractEntities(sentences: readonly ScoredSentence[]): Entity[] {
  const lowerTexts = sentences.map((s) => s.text.toLowerCase());
  const whole = lowerTexts.join(' \n ');
  const byKey = new Map<string, { name: string; type: EntityType; count: number; first: number }>();
  for (const mention of [...patternMentions(sentences), ...taggedMentions(sentences)]) {
    const name = cleanName(mention.name, mention.type);
    const key = keyOf(name);
    if (isJunk(name, key) || byKey.has(key) || isPartOfKept(key, byKey.keys(), whole)) continue;
    const type = mention.type !== 'money' && mention.type !== 'date' && ORG_SUFFIX.test(name) ? 'organization' : mention.type;
    // Counted without the title, so "Council Member Park" and "Park" are one person.
    const needle = name.replace(TITLES, '').toLowerCase();
    const first = lowerTexts.findIndex((text) => countOccurrences(text, needle, 1) > 0);
    if (first === -1) continue;
    byKey.set(key, { name, type, count: Math.max(1, countOccurrences(whole, needle)), first });
  }
  const taken: Record<EntityType, number> = { person: 0, organization: 0, place: 0, date: 0, money: 0 };
  return [...byKey.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .filter((entity) => (taken[entity.type] += 1) <= PER_TYPE[entity.type])
    .slice(0, MAX_ENTITIES)
    .map((entity) => ({
      name: entity.name,
      type: entity.type,
      context: excerptAround(sentences[entity.first]?.text ?? '', entity.name),
    }));
}
