/** Small text helpers shared by the offline analyzer and story writer. */

const STOPWORD_LIST = `a about above actually after again against all almost also am an and any are around as at
back be because been before being below between both but by can cannot could did do does doing done down
during each either else even ever every few for from further get gets getting go goes going gonna got had has
have having he her here hers herself him himself his how however i if in into is it its itself just kind know
let like lot lots made make makes many may maybe me might mine more most much must my myself need no nor not
now of off oh ok okay on once one only or other our ours ourselves out over own per pretty quite rather
really right said same say saying says see seem she should so some something sort still such sure take than
thank thanks that the their theirs them themselves then there these they thing things think this those
though through to too under until up upon us very via want wanted wants was way we well were what when where
whether which while who whom whose why will with within without would yeah yes yet you your yours yourself
yourselves um uh hmm mean means im ive id ill youre youve weve were theyre thats theres dont doesnt didnt
cant wont isnt arent wasnt werent lets going able also today again great good morning afternoon evening
anything everything nothing somebody someone everybody everyone folks guys stuff talk talking question questions
item items little bit point first second next last another whats hes shes`;

export const STOPWORDS: ReadonlySet<string> = new Set(STOPWORD_LIST.split(/\s+/).filter(Boolean));

/** Lowercase word tokens with apostrophes dropped ("we're" -> "were"); numbers kept. */
export function wordTokens(text: string): string[] {
  return (text.toLowerCase().replace(/['\u2019]/g, '').match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? []).map((t) =>
    /\d/.test(t) ? t.replace(/,/g, '') : t,
  );
}

/** Tokens that carry topic: not stopwords, at least three letters, or a number. */
export function contentTokens(text: string): string[] {
  return wordTokens(text).filter((t) => (/\d/.test(t) ? true : t.length >= 3 && !STOPWORDS.has(t)));
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a);
  const setB = new Set(b);
  if (setA.size === 0 && setB.size === 0) return 1;
  let shared = 0;
  for (const token of setA) if (setB.has(token)) shared++;
  return shared / (setA.size + setB.size - shared);
}

/** Cuts text to at most `maxWords` words, preferring a clause end; adds an ellipsis when cut. */
export function truncateWords(text: string, maxWords: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return words.join(' ');
  let cut = maxWords;
  for (let i = maxWords; i >= Math.ceil(maxWords * 0.6); i--) {
    if (/[,;:]$/.test(words[i - 1] ?? '')) {
      cut = i;
      break;
    }
  }
  return `${words.slice(0, cut).join(' ').replace(/[,;:]$/, '')}…`;
}

const LEADING_FILLER =
  /^(?:(?:so|and|but|okay|ok|well|um|uh|yeah|yes|now|alright|all right|right)\b[,.]?\s+)+/i;

/** Drops spoken fillers at the start ("So, okay, and ...") and capitalises the first letter. */
export function trimFiller(text: string): string {
  const trimmed = text.trim().replace(LEADING_FILLER, '');
  const result = trimmed.length >= 12 ? trimmed : text.trim();
  return result.charAt(0).toUpperCase() + result.slice(1);
}

export function ensureTerminalPunctuation(text: string): string {
  return /[.!?…]["')\]]?$/.test(text) ? text : `${text}.`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const DIGIT_WORDS: Record<string, string> = { zero: '0', oh: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9' };

/** "docket number zero six five three" -> "docket number 0653": captions spell a docket's digits out (three or four at a time: a longer run is two numbers run together). */
export function spokenDigits(text: string): string {
  return text.replace(/\b(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\s+){2,3}(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/gi, (run) =>
    run.toLowerCase().split(/\s+/).map((word) => DIGIT_WORDS[word] ?? '').join(''),
  );
}
