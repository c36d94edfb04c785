import type { Entity } from '../../domain/analysis.js';
import { listDatePhrases } from './dates.js';
import { rollCallNames, selfIntroductions } from './introductions.js';
import { findNames, type NameType } from './names.js';
import type { Sentence } from './sentences.js';
import { isWordNotName, knownPeople, wordCountsOutsideNames } from './entity-evidence.js';
import { isDiarizerLabel, parseSpeaker, type Speaker } from './speakers.js';
import { countOccurrences, excerptAround, mergeNames, type Candidate } from './entity-merge.js';

export type EntityType = NameType | 'date' | 'money';

const MAX_ENTITIES = 25;
/** People first: a reader wants to know who spoke and who voted (a roll call names eight or more). */
const PER_TYPE: Record<EntityType, number> = { person: 14, organization: 6, place: 5, date: 4, money: 5 };
/**
 * People the meeting shows speaking (a label, an introduction, a roll-call answer) may take more
 * room than people only mentioned: a board hearing eight applicants after its roll call has
 * sixteen speakers, each of whom a reader may look for. The list grows by as many, so the
 * organisations, places and dates keep their room.
 */
const MAX_PEOPLE_WHO_SPOKE = 20;
/** Greetings and caption mishearings that ride along with a name ("Sawant Thank you", "HANK YOU"). */
const GREETING = /^(?:thank|thanks|hank|hello|hi|welcome|yes|okay|ok|please|sir|madam)$/i;
/** A suffix or title said alone ("INC", "LLC") is no entity. */
const BARE_SUFFIX = /^(?:inc|llc|ltd|co|corp|incorporated|company)\.?$/i;

/** Names that are only titles or the meeting itself ("City Council", "Madam Chair"). */
const JUNK = new Set(
  `i me my you your he she it we they okay ok thank thanks yes no yeah madam sir chair mister council committee city
  everybody everyone folks guys god um uh hi hello good morning today tonight agenda item motion aye ayes nay mayor
  president staff member members chairman chairwoman vice commissioner director county state district department
  office park parks village villages house hall people community government program team report board commission
  student public works school the of and`.split(/\s+/).filter(Boolean),
);
const MEMBER_TITLE = /\b(?:council\s*(?:member|woman|man|president)|councilor|mayor|president|trustee|commissioner|supervisor|alder(?:man|person))\b/i;
const MONEY_PATTERN =
  /\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|thousand|[kmb])\b)?|\b\d[\d,]*(?:\.\d+)?\s(?:(?:million|billion|thousand)\s)?dollars\b/gi;

export interface EntityInput {
  sentences: readonly Sentence[];
  speakers: ReadonlyMap<string, Speaker>;
  /** The city the meeting body belongs to ("Fairview"), a place whenever it is said. */
  city?: string | null;
}

function isJunk(name: string): boolean {
  const words = name.toLowerCase().replace(/[^\p{L}\p{N}$ ]+/gu, '').split(/\s+/).filter(Boolean);
  if (name.replace(/\W/g, '').length < 3 || words.length > 7) return true;
  return words.every((word) => JUNK.has(word));
}

/** "Sawant Thank" -> "Sawant"; "HANK YOU" -> "". */
function trimGreetings(name: string): string {
  const words = name.split(' ');
  while (words.length > 0 && (GREETING.test(words[0] ?? '') || /^you$/i.test(words[0] ?? ''))) words.shift();
  const greeting = words.findIndex((word) => GREETING.test(word));
  return (greeting >= 0 ? words.slice(0, greeting) : words).join(' ');
}

/** Candidates from the text, the speakers' own names and the patterns for money and dates. */
function gather({ sentences, speakers, city }: EntityInput, roster: ReadonlySet<string>): Candidate[] {
  const known = knownPeople(speakers, roster);
  const byKey = new Map<string, Candidate>();
  const add = (name: string, type: EntityType, at: number, title: string | null = null, spoke = false) => {
    let clean = name.replace(/^[\s"'“(]+|[\s"'”),.;:!?]+$/g, '').replace(/\s+/g, ' ');
    if (type !== 'money' && type !== 'date') clean = trimGreetings(clean);
    if (!clean || BARE_SUFFIX.test(clean)) return;
    if (type !== 'money' && type !== 'date' && isJunk(clean)) return;
    // "Singh-Perez" and "Singh Perez" are one name.
    const key = clean.toLowerCase().replace(/-/g, ' ');
    const said = spoke || at === Number.MAX_SAFE_INTEGER ? 0 : 1;
    const found = byKey.get(key);
    if (found) {
      found.title ??= title;
      found.spoke ||= spoke;
      found.count += said;
      if (at < found.first) found.first = at;
      return;
    }
    byKey.set(key, { name: clean, type, first: at, title, spoke, count: said, variants: [clean] });
  };
  for (const speaker of speakers.values()) {
    // A label that is a name ("Denver Lee", "Chair Dallas") is a person who spoke; "Chair Dallas" keeps the office.
    const office = speaker.role === 'official' || speaker.role === 'staff' || speaker.role === 'clerk' ? speaker.title || null : null;
    if (!isDiarizerLabel(speaker.label)) add(speaker.name, 'person', Number.MAX_SAFE_INTEGER, office, true);
    if (speaker.affiliation) add(speaker.affiliation, 'organization', Number.MAX_SAFE_INTEGER);
  }
  // Someone named as the speaker of a sentence by the meeting's words (a roll-call answer, an introduction) spoke.
  for (const { speaker } of sentences) {
    if (!speaker || speakers.has(speaker)) continue;
    const named = parseSpeaker(speaker);
    add(named.name, 'person', Number.MAX_SAFE_INTEGER, named.title || null, true);
  }
  if (city) add(city, 'place', Number.MAX_SAFE_INTEGER);
  // The city counts once per sentence naming it, alone or inside a longer name ("Fairview High").
  const cityKey = city?.toLowerCase();
  sentences.forEach(({ text }, i) => {
    if (cityKey && countOccurrences(text.toLowerCase(), cityKey, 1) > 0) add(city ?? '', 'place', i);
    for (const mention of findNames(text, known, roster)) add(mention.name, mention.type, i, mention.title);
    // Someone who says their own name spoke at the meeting: they count as a speaker does.
    for (const name of selfIntroductions(text)) add(name, 'person', Number.MAX_SAFE_INTEGER, null, true);
    for (const match of text.matchAll(MONEY_PATTERN)) {
      // "$21,167, 444" read as two amounts: a piece right after digits is a fragment, not an amount.
      if (/[\d,]\s?$/.test(text.slice(0, match.index))) continue;
      add(match[0], 'money', i);
    }
    for (const phrase of listDatePhrases(text)) add(phrase, 'date', i);
  });
  const bare = wordCountsOutsideNames(sentences);
  return [...byKey.values()].filter((candidate) => !isWordNotName(candidate, bare));
}

/**
 * People, organisations, places, dates and money. Variants of one name are merged into its
 * longest form ("Ms. Patel" and "Patel" into "Meera Patel", "Lincoln" into "Lincoln Elementary"),
 * then ranked by how often the meeting mentions them (speakers get a little extra), capped per
 * type and overall. Each comes with an excerpt of the sentence that first names it in full.
 */
export function extractEntities(input: EntityInput): Entity[] {
  const found = rankEntities(input);
  const city = input.city;
  // The host city is named even when the meeting only says it inside longer names ("West Seattle").
  if (city && !found.some((e) => e.type === 'place' && e.name.toLowerCase() === city.toLowerCase())) {
    const at = input.sentences.find((s) => s.text.toLowerCase().includes(city.toLowerCase()));
    const entity = { name: city, type: 'place', context: at ? excerptAround(at.text, city) : `The meeting's city` };
    if (found.length >= MAX_ENTITIES) found.pop();
    found.unshift(entity);
  }
  return found;
}

const isMember = (c: Candidate) => c.type === 'person' && c.title !== null && MEMBER_TITLE.test(c.title);

/**
 * The candidates shown, in order of mentions: per-type caps, and for people a larger room for
 * those who spoke. People who spoke, and members named by their office, take their places before
 * people only mentioned.
 */
function selectEntities(ranked: readonly Candidate[]): Candidate[] {
  const taken: Record<EntityType, number> = { person: 0, organization: 0, place: 0, date: 0, money: 0 };
  let people = 0;
  const fits = (candidate: Candidate) => {
    if (candidate.type !== 'person') return (taken[candidate.type] += 1) <= PER_TYPE[candidate.type];
    if (people >= MAX_PEOPLE_WHO_SPOKE || (!candidate.spoke && taken.person >= PER_TYPE.person)) return false;
    people++;
    if (!candidate.spoke) taken.person++;
    return true;
  };
  const first = (c: Candidate) => c.type === 'person' && (c.spoke || isMember(c));
  const chosen = new Set([...ranked].sort((a, b) => Number(first(b)) - Number(first(a))).filter(fits));
  return ranked.filter((candidate) => chosen.has(candidate)).slice(0, MAX_ENTITIES + Math.max(0, people - PER_TYPE.person));
}

function rankEntities(input: EntityInput): Entity[] {
  const lowerTexts = input.sentences.map((s) => s.text.toLowerCase());
  // Counts are the mentions the name finder saw (merged forms add up), plus a little for speaking.
  const roster = rollCallNames(input.sentences);
  const merged = mergeNames(gather(input, roster), roster);
  for (const candidate of merged) {
    if (candidate.spoke) candidate.count += 2;
    // A member of the body votes on everything decided: named with their office, they rank above one public comment.
    if (isMember(candidate)) candidate.count += 3;
  }
  const ranked = merged.filter((candidate) => candidate.count > 0).sort((a, b) => b.count - a.count || a.first - b.first);
  return selectEntities(ranked).map((candidate) => {
    const needles = [candidate.name, ...candidate.variants].map((v) => v.toLowerCase());
    const at = needles.map((needle) => lowerTexts.findIndex((text) => countOccurrences(text, needle, 1) > 0)).find((index) => index >= 0);
    const sentence = at === undefined ? undefined : input.sentences[at];
    const speaker = [...input.speakers.values()].find((s) => s.name === candidate.name);
    const context = sentence ? excerptAround(sentence.text, candidate.name) : speaker ? `Speaker: ${speaker.label}` : candidate.name;
    return { name: candidate.name, type: candidate.type, context };
  });
}
