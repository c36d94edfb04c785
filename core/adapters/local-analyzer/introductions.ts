/**
 * People a transcript without speaker labels still names: those who introduce themselves
 * ("My name is Larry Silverstein", "Yeah, Jim Hagerman, director of engineering.", "This is Will
 * Cheek.", "I'm Councilman Stare.", "Jacqueline Babin, B-A-B-I-N, …", "I, Indya J. Kincannon,
 * mayor of …") and the members the clerk calls at a roll call ("Yes Strauss.", "Strauss, yes"),
 * whose surnames no lexicon knows. An introduction that opens its sentence makes the sentence
 * the speaker's (speaker-names.ts); one said inside a sentence only names a person.
 */
import { lexiconTags } from './nlp.js';
import { STOPWORDS } from './text.js';

const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]+`;
const FULL_NAME = String.raw`(${NAME_WORD}(?:\s+${NAME_WORD}){1,2})`;
/** A first name, a middle initial and a surname, said in an oath or a proclamation: "Indya J. Kincannon". */
const NAME_WITH_INITIAL = String.raw`(${NAME_WORD}(?:\s+\p{Lu}\.)?(?:\s+${NAME_WORD}){1,2})`;
/** A cue said in any case ("My name is", "my name is"); the name itself must be capitalised, so patterns ignore no case. */
export const anyCase = (cue: string) => cue.replace(/\\.|[a-z]/g, (letter) => (letter.length > 1 ? letter : `[${letter}${letter.toUpperCase()}]`));
/** Words that may open the sentence before a speaker's name: "Yeah,", "Hi,", "Good evening, Madam Chair,". */
const GREETING = anyCase(String.raw`(?:yeah|yes|hi|hello|oh|okay|well|so|um|uh|good\s+(?:morning|afternoon|evening)|thank\s+you|thanks)`);
const ADDRESSEE = anyCase(String.raw`(?:(?:mr\.?|madam|mister)\s+(?:chair(?:man|woman)?|president|mayor)|members\s+of\s+the\s+(?:council|board|commission)|council)`);
const OPENER = String.raw`(?:(?:${GREETING}|${ADDRESSEE})[,.]?\s+)*`;
const ROLE_AFTER = anyCase(
  String.raw`(?:director|manager|chief|president|chair|executive|deputy|assistant|coordinator|engineer|attorney|officer|superintendent|principal|resident|representing|with|from|of|and\s+I|I\s+(?:live|am|work|represent)|mayor|do\s+(?:solemnly|hereby))`,
);
/** An office a member names themselves by: "I'm Councilman Stare", "this is Councilmember Lewis". */
const OFFICE = String.raw`(${anyCase(String.raw`(?:vice\s+)?(?:council\s*(?:member|woman|man)|councilor|mayor|commissioner|supervisor|trustee|alder(?:man|person)|chair(?:man|woman)?)`)})`;
const MY_NAME_IS = anyCase(String.raw`my\s+name\s+is`);
const FOR_THE_RECORD = anyCase(String.raw`(?:and\s+)?for\s+the\s+record,?`);
const I_AM = String.raw`(?:I\s+am|I['’]m)`;
const THIS_IS = anyCase(String.raw`this\s+is`);
const ITS = anyCase(String.raw`it['’]s`);
/**
 * What may follow "this is <name>" when the speaker names themselves ("This is Will Cheek.",
 * "This is Vijay Bansur from Aroma Indian Kitchen"); a chair presenting someone else goes on
 * about them ("This is Jane Smith, our new director").
 */
const SELF_AFTER = String.raw`(?:[,.!]?\s*$|[,.]?\s+${anyCase(String.raw`(?:from|with|representing|calling|speaking)`)}\b|[,.]?\s+(?:${anyCase('and')}\s+)?I\b)`;
/** A surname spelled out after it: "Jacqueline Babin, B-A-B-I-N". */
const SPELLED = String.raw`((?:\p{Lu}-){2,}\p{Lu})`;
/** A street address after the name: "Larry Silverstein, 7808 Sheffield Drive." */
const ADDRESS = String.raw`\d{2,5}\s+\p{Lu}`;
const SUFFIX = String.raw`(?:\s+(?:Sr|Jr)\.?|\s+I{2,3})?`;

interface Pattern {
  pattern: RegExp;
  /** Whether the match opens the sentence, so the whole sentence is the speaker's. */
  opens: boolean;
  /** The group holding the office, when the speaker names themselves by it. */
  office?: number;
}

const PATTERNS: readonly Pattern[] = [
  { pattern: new RegExp(String.raw`^${OPENER}(?:${FOR_THE_RECORD}\s+)?${MY_NAME_IS}\s+${FULL_NAME}`, 'gu'), opens: true },
  { pattern: new RegExp(String.raw`\b${MY_NAME_IS}\s+${FULL_NAME}`, 'gu'), opens: false },
  { pattern: new RegExp(String.raw`^${OPENER}(?:${I_AM}|${ITS})\s+${FULL_NAME}(?=[,.]?\s+${ROLE_AFTER}\b|[,.!]?\s*$)`, 'gu'), opens: true },
  { pattern: new RegExp(String.raw`^${OPENER}${THIS_IS}\s+${FULL_NAME}(?=${SELF_AFTER})`, 'gu'), opens: true },
  { pattern: new RegExp(String.raw`\b(?:${I_AM}|${THIS_IS})\s+${FULL_NAME}(?=[,.]?\s+${ROLE_AFTER}\b)`, 'gu'), opens: false },
  { pattern: new RegExp(String.raw`^${OPENER}${I_AM}\s+${OFFICE}\s+(${NAME_WORD}(?:\s+${NAME_WORD})?)(?=[,.!]?\s*$|[,.]\s)`, 'gu'), opens: true, office: 1 },
  { pattern: new RegExp(String.raw`^${OPENER}${THIS_IS}\s+${OFFICE}\s+(${NAME_WORD}(?:\s+${NAME_WORD})?)(?=${SELF_AFTER})`, 'gu'), opens: true, office: 1 },
  // The speaker's name, then their role or address: "Jim Hagerman, director of engineering", "Larry Silverstein, 7808 Sheffield Drive."
  { pattern: new RegExp(String.raw`^${OPENER}(?:${FOR_THE_RECORD}\s+|${ITS}\s+)?${FULL_NAME}${SUFFIX},\s+(?:${ROLE_AFTER}\b|${ADDRESS})`, 'gu'), opens: true },
  // An oath or a proclamation: "I, Indya J. Kincannon, mayor of the City of Knoxville, …".
  { pattern: new RegExp(String.raw`^${OPENER}I,\s+${NAME_WITH_INITIAL},\s+(?:${ROLE_AFTER}\b|\p{Ll}+\s+of\s+the\b)`, 'gu'), opens: true },
];

/** A person who names themselves in a sentence. */
export interface Introduction {
  name: string;
  /** "Councilman" in "I'm Councilman Stare"; null when only the name is said. */
  office: string | null;
  /** The introduction opens the sentence: the sentence is theirs. */
  opens: boolean;
}

function isCommon(word: string): boolean {
  const lower = word.toLowerCase();
  if (STOPWORDS.has(lower)) return true;
  const tags = lexiconTags(lower);
  return tags.length > 0 && !tags.some((tag) => /Name|Person|Place|City|Organization|ProperNoun/.test(tag));
}

/** Offices and courtesy titles: "This is Councilmember Lewis" names an office, then a name. */
const TITLE_WORD = /^(?:council\s*(?:member|woman|man)|councilmember|councilwoman|councilman|councilor|mayor|vice|commissioner|supervisor|trustee|chair(?:man|woman)?|president|mr|mrs|ms|dr|madam|director|chief)\.?$/i;

/**
 * A name is capitalised words, the surname no ordinary word: "I'm Happy to …" or "This is Good
 * Evening" name no one. The first name may be one the lexicon knows only as a word ("This is Will
 * Cheek."), but no office ("This is Councilmember Lewis" is read as an office and a name). The
 * patterns ignore case for their cue words, so the name's own capitals are checked here.
 */
function isName(words: readonly string[]): boolean {
  const proper = words.every((word) => /^\p{Lu}/u.test(word) && !/^I(?:['’]\p{L}+)?$/u.test(word));
  const [first = '', ...rest] = words.filter((word) => !/^\p{Lu}\.$/u.test(word));
  return rest.length >= 1 && proper && !TITLE_WORD.test(first) && !rest.some(isCommon);
}

/** "my name is Lisa herbold": a known first name, then a word in lower case no lexicon knows. */
const LOWER_SURNAME = new RegExp(String.raw`\b${MY_NAME_IS}\s+(\p{Lu}\p{Ll}+)\s+(\p{Ll}[\p{L}'’-]{2,})\b`, 'gu');
const ONLY_OPENER = new RegExp(String.raw`^${OPENER}$`, 'u');
const isFirstName = (word: string) => lexiconTags(word.toLowerCase()).some((tag) => /FirstName|MaleName|FemaleName/.test(tag));

/** "Jacqueline Babin, B-A-B-I-N": a name, then letters that may spell its surname. */
const NAME_SPELLED = new RegExp(String.raw`${FULL_NAME},\s+${SPELLED}\b`, 'gu');
const OPENER_OR_ITS = new RegExp(String.raw`^${OPENER}(?:${ITS}\s+)?$`, 'u');

/** "B-A-B-I-N" spells "Babin". */
const spells = (spelled: string, word: string) => spelled.replace(/-/g, '').toLowerCase() === word.toLowerCase();

/** Every self-introduction in this sentence, those opening it first. */
export function introductionsIn(text: string): Introduction[] {
  const found: Introduction[] = [];
  const push = (intro: Introduction) => {
    if (!found.some((other) => other.name === intro.name)) found.push(intro);
  };
  for (const { pattern, opens, office } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const name = (office ? match[office + 1] : match[1]) ?? '';
      const words = name.split(/\s+/);
      if (office) {
        // After an office a surname may be an ordinary word ("I'm Councilman Stare"), but no small word.
        if (words.every((word) => /^\p{Lu}/u.test(word) && !STOPWORDS.has(word.toLowerCase()))) push({ name, office: match[office] ?? null, opens });
      } else if (isName(words)) push({ name, office: null, opens });
    }
  }
  // The surname spelled out right after a name is the surest introduction there is, wherever it is said.
  for (const match of text.matchAll(NAME_SPELLED)) {
    const words = (match[1] ?? '').split(/\s+/);
    const surname = words.findIndex((word) => spells(match[2] ?? '', word));
    if (surname >= 1) push({ name: words.slice(surname - 1, surname + 1).join(' '), office: null, opens: OPENER_OR_ITS.test(text.slice(0, match.index)) });
  }
  // Speech-to-text writes a surname it does not know in lower case: "My name is Lisa herbold".
  for (const match of text.matchAll(LOWER_SURNAME)) {
    const [first = '', surname = ''] = [match[1], match[2]];
    const opens = ONLY_OPENER.test(text.slice(0, match.index));
    if (isFirstName(first) && !isCommon(surname)) push({ name: `${first} ${surname.charAt(0).toUpperCase()}${surname.slice(1)}`, office: null, opens });
  }
  return found;
}

/** Names said in a self-introduction in this sentence. */
export function selfIntroductions(text: string): string[] {
  return introductionsIn(text).map((intro) => intro.name);
}

const ROLL_CALL_OPENS = /\b(?:call\s+the\s+rol[le]|roll\s+call|call\s+roll)\b/i;
const ROLL_ANSWER = /^(?:yes|yeah|here|present|aye|no|nay|hi)$/i;
/** A roll call is over in a few minutes. */
const ROLL_CALL_MS = 120_000;
/** A surname heard next to an answer at this many roll-call moments is a member, not a mishearing. */
const MIN_CALLS = 2;

/**
 * Surnames the clerk calls at a roll call: capitalised words right next to an answer ("Yes
 * Strauss.", "Strauss, yes", "No Strauss") in the two minutes after "call the roll", heard at
 * two calls or more.
 */
export function rollCallNames(sentences: ReadonlyArray<{ text: string; start_ms: number }>): Set<string> {
  const heard = new Map<string, number>();
  let openedAt = -Infinity;
  for (const sentence of sentences) {
    if (ROLL_CALL_OPENS.test(sentence.text)) openedAt = sentence.start_ms;
    if (sentence.start_ms - openedAt > ROLL_CALL_MS) continue;
    const tail = sentence.text.slice(Math.max(0, sentence.text.search(ROLL_CALL_OPENS)));
    const words = tail.split(/\s+/).map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
    words.forEach((word, i) => {
      if (!/^\p{Lu}\p{Ll}+$/u.test(word) || isCommon(word) || ROLL_ANSWER.test(word)) return;
      if (ROLL_ANSWER.test(words[i - 1] ?? '') || ROLL_ANSWER.test(words[i + 1] ?? '')) heard.set(word, (heard.get(word) ?? 0) + 1);
    });
  }
  return new Set([...heard].filter(([, count]) => count >= MIN_CALLS).map(([word]) => word));
}
