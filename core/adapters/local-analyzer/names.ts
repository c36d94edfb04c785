import { lexiconTags } from './nlp.js';
import { STOPWORDS } from './text.js';

/**
 * Proper names without a tagger: runs of capitalised words ("Lincoln Elementary", "Board of
 * Education", "410 Main Street"), typed by a title before them (person), their last word
 * (organisation or place suffix), the names the captions give speakers, then compromise's
 * lexicon (first names, cities). Unknown capitalised words are left out rather than guessed.
 */
export type NameType = 'person' | 'organization' | 'place';

export interface NameMention {
  name: string;
  type: NameType;
  /** Courtesy or office title said before a person's name ("Ms.", "Councilmember"). */
  title: string | null;
}

const ORG_SUFFIX =
  /^(?:Department|Office|Commission|Committee|Council|Board|Authority|Agency|District|Club|League|Association|Foundation|Company|Corporation|Inc|LLC|University|College|School|Elementary|Academy|Center|Library|Coalition|Alliance|Services|Utilities|Homes|Builders|Construction|Transit|Bank|Church|Hospital|Institute|Society|Trust|Group|Partners|Care|Inn|Hotel|Market|Program|Works|Supply|Registrar|Voters|Education|Team|Project|Union|Airlines|Railroad|Police|Fire|Youth|Ministry|Ministries|Network|Fund|Parish|Museum|Chamber)$/;
const PLACE_SUFFIX =
  /^(?:Street|St|Avenue|Ave|Road|Rd|Drive|Lane|Boulevard|Blvd|Way|Court|Place|Highway|Parkway|Creek|River|Lake|Park|Square|Plaza|Hall|Station|Bridge|County|Valley|Heights|Hill|Hills|Trail|Corridor|Campus|Beach|Island|Bay|Mountain)$/;
/** Middle and High name schools ("Ridgeview Middle", "Fairview High") when they end a name. */
const SCHOOL_END = /^(?:Middle|High)$/;
const EVENT_SUFFIX = /^(?:Month|Week|Day|Year|Night|Festival|Gala|Revision|Plan|Act|Option|Bill|Resolution|Ordinance|Item|Number)$/;
const TITLE_TOKEN =
  /^(?:mr|mrs|ms|mx|dr|mayor|councilmembers?|councilors?|councilwoman|councilman|trustees?|commissioners?|supervisors?|superintendent|president|vice|chair|chairman|chairwoman|director|member|council|board|student|clerk|madam|deputy|judge|senator|representative|governor|sheriff|chief|officer|principal|professor|captain|pastor|reverend|father|manager|engineer|attorney|administrator|recorder|assistant|executive|city)\.?$/i;
const COURTESY = /^(?:mr|mrs|ms|mx|dr)\.?$/i;
const CONNECTORS = new Set(['of', 'and', '&', 'de', 'la', 'del']);
const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Person']);
const GEO_TAGS = new Set(['City', 'Country', 'Region']);
const PROPER_TAGS = new Set([...NAME_TAGS, ...GEO_TAGS, 'LastName', 'Place', 'Organization', 'ProperNoun', 'SportsTeam']);

interface Token {
  core: string;
  /** Punctuation after the word ends a name ("Patel," or "Alvarado's"). */
  breaks: boolean;
}

function tokenize(text: string): Token[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => {
      const stripped = raw.replace(/^["'“‘([]+/, '');
      const core = stripped.replace(/(?:['’]s)?["'”’)\]]*[,.;:!?]*["'”’)\]]*$/, '');
      const abbreviation = COURTESY.test(stripped) || /^(?:St|Jr|Sr)\.$/.test(stripped);
      return { core, breaks: !abbreviation && core !== stripped };
    });
}

function isCapitalised(word: string): boolean {
  if (/^(?:I(?:['’]\w+)?|OK|Okay)$/.test(word)) return false;
  return /^\p{Lu}[\p{L}\p{M}'’.-]*$/u.test(word) || /^[A-Z]{2,}s?$/.test(word);
}

/** A capitalised word that is only capitalised because it starts the sentence ("Drivers", "Twelve"). */
function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (STOPWORDS.has(lower)) return true;
  const tags = lexiconTags(lower);
  return tags.length > 0 && !tags.some((tag) => PROPER_TAGS.has(tag));
}

/** "Erika Pablo" in "Erika Pablo of Seattle": a person's name, which "of" does not extend. */
function isPersonName(words: readonly string[], known: ReadonlySet<string>): boolean {
  if (known.has(words.join(' '))) return true;
  if (words.length < 2 || words.length > 3 || words.some((word) => ORG_SUFFIX.test(word) || PLACE_SUFFIX.test(word))) return false;
  return lexiconTags((words[0] ?? '').toLowerCase()).some((tag) => NAME_TAGS.has(tag));
}

/** Runs of capitalised words joined by "of"/"and", split where "and" joins two complete names or "of" follows a person. */
function runs(tokens: readonly Token[], known: ReadonlySet<string>): string[][] {
  const found: string[][] = [];
  let current: string[] = [];
  const close = () => {
    while (current.length > 0 && CONNECTORS.has(current[current.length - 1] ?? '')) current.pop();
    // A number opens a name only as a street address: "410 Main Street".
    if (/^\d/.test(current[0] ?? '') && !PLACE_SUFFIX.test(current[current.length - 1] ?? '')) current.shift();
    if (current.length > 0) found.push(current);
    current = [];
  };
  tokens.forEach((token, i) => {
    const word = token.core;
    const next = tokens[i + 1]?.core ?? '';
    const numberBeforeStreet = /^\d{1,5}$/.test(word) && current.length === 0 && isCapitalised(next) && !token.breaks;
    if (isCapitalised(word) || numberBeforeStreet) {
      // Capitalised only because it opens the sentence: "Drivers use …", "Our contract …" (but "Main Street carries …").
      const opener = i === 0 && !TITLE_TOKEN.test(word) && (STOPWORDS.has(word.toLowerCase()) || (isCommonWord(word) && (token.breaks || !isCapitalised(next))));
      if (opener) return;
      current.push(word);
    } else if (CONNECTORS.has(word) && current.length > 0 && isCapitalised(next) && !tokens[i - 1]?.breaks) {
      const last = current[current.length - 1] ?? '';
      const complete = PLACE_SUFFIX.test(last) || ORG_SUFFIX.test(last) || lexiconTags(last.toLowerCase()).some((tag) => GEO_TAGS.has(tag));
      // "Councilmember Lewis and …": a titled person is whole; "Emerald Youth and Mary Smith": a person's name after "and" stands alone.
      const titledPerson = TITLE_TOKEN.test(current[0] ?? '') && !current.some((w) => ORG_SUFFIX.test(w) || PLACE_SUFFIX.test(w));
      const personNext = isPersonName([next, tokens[i + 2]?.core ?? ''], known) && isCapitalised(tokens[i + 2]?.core ?? '');
      if (word === 'of' ? isPersonName(current, known) : complete || titledPerson || personNext || TITLE_TOKEN.test(next)) close();
      else current.push(word);
    } else {
      close();
    }
    if (token.breaks) close();
  });
  close();
  return found;
}

/** Words that open a place named after a city or state: "West Seattle", "Greater Boston", "Portland Oregon". */
const PLACE_OPENER = /^(?:north|south|east|west|northeast|northwest|southeast|southwest|downtown|greater|upper|lower|central|new|old|port|lake|mount|fort|san|santa|los|las|st|saint)$/i;
const isGeo = (word: string) => lexiconTags(word.toLowerCase()).some((tag) => GEO_TAGS.has(tag));

/**
 * A place when its last word is a city or state and the words before it are part of the place's
 * name, never when they are a slogan's ("Decriminalize Seattle") or an organisation's.
 */
function isPlaceInPlace(words: readonly string[]): boolean {
  return isGeo(words[words.length - 1] ?? '') && words.slice(0, -1).every((word) => PLACE_OPENER.test(word) || isGeo(word));
}

function typeOf(words: readonly string[], known: ReadonlySet<string>): NameType | null {
  const name = words.join(' ');
  const last = words[words.length - 1] ?? '';
  if (known.has(name)) return 'person';
  if (EVENT_SUFFIX.test(last)) return null;
  if (words.length > 1 && (ORG_SUFFIX.test(last) || SCHOOL_END.test(last) || /\b(?:Board|Department|Office|Council|Commission|Registrar) of\b/.test(name))) return 'organization';
  if (words.length > 1 && PLACE_SUFFIX.test(last)) return 'place';
  if (words.length > 2 && PLACE_SUFFIX.test(words[words.length - 2] ?? '') && /^(?:East|West|North|South)$/.test(last)) return 'place';
  const lower = name.toLowerCase();
  if (lexiconTags(lower).some((tag) => GEO_TAGS.has(tag)) || (words.length > 1 && isPlaceInPlace(words))) return 'place';
  if (lexiconTags(lower).includes('Organization')) return 'organization';
  if (words.length > 3 || words.some((word) => CONNECTORS.has(word) || /\d/.test(word))) return null;
  const firstTags = lexiconTags((words[0] ?? '').toLowerCase());
  const lastTags = lexiconTags(last.toLowerCase());
  if (firstTags.some((tag) => NAME_TAGS.has(tag)) || lastTags.includes('LastName')) return 'person';
  return null;
}

/** An office said in lower case before a name, as captions write it ("council member Strauss"). */
const LOWER_TITLE = /\b(?:council\s*member|council\s*woman|council\s*man|council\s+president|vice\s+mayor|mayor|commissioner|president)\s+(?=\p{Lu}\p{Ll})/gu;

/** A council title before a lower-case word: speech-to-text writes a surname it does not know in lower case ("councilmember sawant"). */
const TITLE_LOWER_NAME = /\b(council\s*member|council\s*woman|council\s*man)\s+(\p{Ll}[\p{L}'’-]{3,})\b/giu;
const capitalise = (words: string) => words.replace(/(?<![\p{L}'’])\p{Ll}/gu, (letter) => letter.toUpperCase());

/**
 * "Thank you, council member Strauss" -> "Thank you, Council Member Strauss": the title then
 * types the name; "councilmember sawant" -> "Councilmember Sawant" when the word is no common word.
 */
function capitaliseTitles(text: string): string {
  return text
    .replace(LOWER_TITLE, capitalise)
    .replace(TITLE_LOWER_NAME, (whole, title: string, word: string) =>
      STOPWORDS.has(word.toLowerCase()) || lexiconTags(word.toLowerCase()).length > 0 ? whole : `${capitalise(title)} ${capitalise(word)}`,
    );
}

/**
 * Surnames called at the roll call run together in speech-to-text ("Gonzalez Lewis", "Lewis
 * President Morales"): each is one person, with the title before it.
 */
function splitRoster(found: readonly string[][], roster: ReadonlySet<string>): string[][] {
  if (roster.size === 0) return [...found];
  const split: string[][] = [];
  for (const words of found) {
    const named = words.filter((word) => roster.has(word)).length;
    if (named < 2 || words.some((word) => !roster.has(word) && !TITLE_TOKEN.test(word))) {
      split.push(words);
      continue;
    }
    let current: string[] = [];
    for (const word of words) {
      // Between two called names a title word is an answer misheard ("Lewis present" as "Lewis President").
      if (!roster.has(word) && split.length > 0 && current.length === 0 && words.indexOf(word) > 0) continue;
      current.push(word);
      if (roster.has(word)) {
        split.push(current);
        current = [];
      }
    }
  }
  return split;
}

/**
 * The names in one sentence. `roster` holds the surnames called at a roll call. `known` holds the speakers' names, surnames and first names, so
 * "Patel" or "Sofia" said in passing is still a person.
 */
/** "Nevada Texas" said in a list is two states, not one place ("Portland Oregon", a city and its state, is one). */
const isRegion = (word: string) => lexiconTags(word.toLowerCase()).some((tag) => tag === 'Region' || tag === 'Country');
function splitRegions(found: readonly string[][]): string[][] {
  return found.flatMap((words) => (words.length > 1 && words.every(isRegion) ? words.map((word) => [word]) : [words]));
}

/** "Commissioners Carringer, Gill …": each is a commissioner. */
const singular = (title: string) => title.replace(/\b(Councilmember|Councilor|Commissioner|Trustee|Supervisor|Member)s\b/gi, '$1');

export function findNames(text: string, known: ReadonlySet<string>, roster: ReadonlySet<string> = new Set()): NameMention[] {
  const mentions: NameMention[] = [];
  for (const words of splitRegions(splitRoster(runs(tokenize(capitaliseTitles(text)), known), roster))) {
    let t = 0;
    while (t < words.length - 1 && TITLE_TOKEN.test(words[t] ?? '') && !CONNECTORS.has(words[t + 1] ?? '')) t++;
    const rest = words.slice(t);
    const restLast = rest[rest.length - 1] ?? '';
    const plainName = rest.length <= 3 && rest.every((word) => !TITLE_TOKEN.test(word) && !CONNECTORS.has(word) && !/\d/.test(word));
    if (t > 0 && plainName && !ORG_SUFFIX.test(restLast) && !PLACE_SUFFIX.test(restLast) && !EVENT_SUFFIX.test(restLast)) {
      const courtesy = words.slice(0, t).find((word) => COURTESY.test(word));
      mentions.push({ name: rest.join(' '), type: 'person', title: courtesy ? `${courtesy.replace(/\.$/, '')}.` : singular(words.slice(0, t).join(' ')) });
      continue;
    }
    if (words.length === 1 && (PLACE_SUFFIX.test(words[0] ?? '') || ORG_SUFFIX.test(words[0] ?? '') || TITLE_TOKEN.test(words[0] ?? ''))) continue;
    const type = typeOf(words, known);
    if (type) mentions.push({ name: words.join(' '), type, title: null });
  }
  return mentions;
}
