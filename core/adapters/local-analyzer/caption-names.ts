/**
 * The names a transcript marks as names, which re-casing its captions must show capitalised:
 * the words said after an office or courtesy title ("COUNCILMEMBER HERBOLD", "father bob carr"),
 * in a self-introduction, and the capitalised words of the meeting's title.
 */
import { display, isCommonWord, NAME_TITLE } from './caption-words.js';
import { lexiconTags } from './nlp.js';

/** The name is read ahead, not taken: in "THE CHIEF AND MAYOR JENNY DURKAN" the mayor's title is found too. */
const TITLE_BEFORE_NAME =
  /\b(?:COUNCIL\s*MEMBERS?|COUNCIL\s*(?:WO)?MAN|COUNCILL?OR|MAYOR|PRESIDENT|COMMISSIONER|SUPERVISOR|TRUSTEE|CHAIR(?:MAN|WOMAN)?|DIRECTOR|MR|MRS|MS|DR|MADAM|SENATOR|REPRESENTATIVE|CHIEF|FATHER|REVEREND|PASTOR)\.?\s+(?=((?:[A-Z][A-Z'’-]+\s*){1,2}))/g;
const SELF_NAMED = /\bMY\s+NAME\s+IS\s+((?:[A-Z][A-Z'’-]+\s*){1,3})/g;
/** "MY FATHER", "OUR PRESIDENT": a title after a possessive names no one. */
const POSSESSIVE_BEFORE = /\b(?:MY|OUR|YOUR|HIS|HER|THEIR|THE)\s+$/;

/** Words of an office said after another title ("MADAM VICE PRESIDENT", "MAYOR PRO TEM"): no one's name. */
const OFFICE_WORD = /^(?:vice|deputy|acting|interim|pro|tem|council|member|members|madam|general|city|county|state|district|clerk|chair)$/;

/** Words of a meeting title that name the kind of body or meeting, not a proper name. */
const BODY_WORD = /^(?:city|town|village|county|council|committee|board|commission|meeting|regular|special|session|study|work|public|hearing|of|and|the|school|district|planning|budget|briefing|full)$/i;

const isFirstName = (word: string) => lexiconTags(word).some((tag) => /FirstName|MaleName|FemaleName/.test(tag));

/** How often each word is said right after a title or in "my name is", in capitals. */
function countNamed(texts: readonly string[]): Map<string, number> {
  const named = new Map<string, number>();
  // One text: captions cut "father | robert carr" across two lines.
  for (const text of [texts.join(' ')]) {
    for (const pattern of [TITLE_BEFORE_NAME, SELF_NAMED]) {
      for (const match of text.matchAll(pattern)) {
        if (pattern === TITLE_BEFORE_NAME && POSSESSIVE_BEFORE.test(text.slice(0, match.index))) continue;
        const [first = '', second = ''] = (match[1] ?? '').trim().split(/\s+/).map((word) => word.replace(/[’']S$/i, '').toLowerCase());
        const words = second && isFirstName(first) ? [first, second] : [first];
        for (const word of words) named.set(word, (named.get(word) ?? 0) + 1);
      }
    }
  }
  return named;
}

/**
 * The names this transcript marks as names. `upperTexts` are the captions in capitals (lower-case
 * captions are passed upper-cased); `shown` holds the forms the transcript itself capitalises
 * ("clark" -> "Clark"), which a kept name takes.
 */
export function namesToKeep(upperTexts: readonly string[], title = '', shown: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const keep = new Map<string, string>();
  const add = (word: string) => {
    const lower = word.toLowerCase();
    if (lower.length < 2 || NAME_TITLE.test(lower) || OFFICE_WORD.test(lower) || isCommonWord(lower)) return;
    keep.set(lower, shown.get(lower) ?? (/^[A-Z][a-z]/.test(word) ? word : display(word)));
  };
  // How often each word follows a title, against how often it is said at all: a name is said
  // mostly as a name ("HERBOLD"), an ordinary word mostly not ("COUNCILMEMBER MOSQUEDA'S OFFICE").
  const named = countNamed(upperTexts);
  if (named.size > 0) {
    const said = new Map<string, number>();
    for (const text of upperTexts) for (const word of text.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []) {
      const base = word.replace(/['’]s$/, '');
      if (named.has(base)) said.set(base, (said.get(base) ?? 0) + 1);
    }
    for (const [word, count] of named) {
      const total = said.get(word) ?? count;
      // Heard once after a title and said again elsewhere, a word is more likely a misheard one ("councilor world").
      const mostlyNamed = count >= 2 ? count * 3 >= total : count === total;
      if (mostlyNamed) add(word.toUpperCase());
    }
  }
  for (const word of title.split(/[^\p{L}'’-]+/u)) if (/^\p{Lu}/u.test(word) && !BODY_WORD.test(word)) add(word);
  return keep;
}
