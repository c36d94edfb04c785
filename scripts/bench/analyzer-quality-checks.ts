/**
 * What an editor checks in the offline analyzer's story and analysis, as counts: headlines
 * without a real subject, entities that are not entities, quotes cut inside a sentence, time
 * claims on an untimed transcript (decisions: analyzer-quality-score.ts). Each check returns the
 * offending texts so the report can show them.
 */
const VOTE_PHRASE = /\b(?:ayes?|nays?|yeas?|this\s+item|that\s+item|for\s+approval|so\s+moved|seconded|all\s+(?:those\s+)?in\s+favou?r|roll\s+call|motion\s+to\s+(?:this|that|it|the\s+motion))\b/i;
const CAPS_RUN = /\b[A-Z]{2,}(?:\s+[A-Z]{2,}){1,}\b/;
const DANGLING = /\b(?:a|an|the|to|of|for|with|and|or|that|this|these|it|its|on|at|by|from|in|is|was|be|we|i|you)[.,]?$/i;

/** Why a headline (or lede) is not built on a real subject; empty when it is. */
export function headlineProblems(text: string): string[] {
  const problems: string[] = [];
  if (VOTE_PHRASE.test(text)) problems.push('vote phrase');
  if (CAPS_RUN.test(text.replace(/\b(?:U\.S\.|COVID-19|[A-Z]{2,4}-\d+)\b/g, ''))) problems.push('ALL CAPS');
  if (DANGLING.test(text.trim()) || /[|[\]]/.test(text)) problems.push('fragment');
  if (/\b(?:to|approves?|adopts?|passes)\s+(?:this|that|it|these|those)\b/i.test(text)) problems.push('no subject');
  // "… meets May 25, 2022" tells a reader nothing that happened.
  if (/\bmeets\b/i.test(text)) problems.push('not news');
  // "approves approve first reading", "4C and 4C discussed".
  if (/\b(approv|adopt|pass|postpon|reject)\w*\s+\1\w*\b/i.test(text) || /\b(\S+)\s+and\s+\1\b/i.test(text)) problems.push('doubled word');
  return problems;
}

/** Sentences of a story said more than once, as an editor would strike them. */
export function repeatedSentences(body: string): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const sentence of body.split(/(?<=[.!?][”"]?)\s+/)) {
    const key = sentence.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (key.split(' ').length < 4) continue;
    if (seen.has(key)) repeated.push(sentence);
    seen.add(key);
  }
  return repeated;
}

/** Text ALL-CAPS runs of three words or more: caption capitals pasted into prose. */
export function capsRuns(text: string): string[] {
  return text.match(/\b[A-Z]{2,}(?:['’][A-Z]+)?(?:[\s,]+[A-Z]{2,}(?:['’][A-Z]+)?){2,}\b/g) ?? [];
}

const NOT_ENTITY_WORDS = new Set(
  `thank thanks hank you yes no okay ok hello hi please motion second aye ayes nay nays item items madam sir clerk
  inc llc good morning evening afternoon everybody everyone right alright well so moved approved adopted`.split(/\s+/),
);

/** Why an entity is not one (a greeting, a title alone, a fragment of an amount); null when it looks whole. */
export function entityProblem(entity: { name: string; type: string }, transcript: string): string | null {
  const name = entity.name.trim();
  if (entity.type === 'money') {
    const digits = name.replace(/^\$\s?/, '').replace(/\s.*$/, '');
    const escaped = digits.replace(/[.$]/g, (c) => `\\${c}`);
    const standalone = new RegExp(`(?<![\\d,.])${escaped}(?![,.]?\\d)`);
    return standalone.test(transcript) ? null : 'fragment of a larger amount';
  }
  if (entity.type === 'date') return null;
  const words = name.toLowerCase().split(/\s+/);
  if (words.some((word) => NOT_ENTITY_WORDS.has(word.replace(/[^\p{L}]/gu, '')))) return 'procedural word or greeting';
  if (/^[A-Z]{2,5}$/.test(name) && entity.type !== 'organization') return 'a capitalised word';
  if (/^[A-Z]{2,4}$/.test(name) && /^(?:INC|LLC|CO|CORP)$/.test(name)) return 'a suffix alone';
  if (/^\p{Ll}/u.test(name) || /\b(?:of|and|the)$/i.test(name)) return 'fragment';
  return null;
}

export interface QuoteCheck {
  quote: string;
  problem: 'cut' | 'not found' | null;
}

const ABBREVIATION_END = /(?:^|\s)(?:(?:\p{L}\.){2,}|(?:Dr|No|St|Inc|Mr|Mrs|Ms|Jr|Sr|Co|vs|etc|Ave|Nos)\.)$/iu;

function normalise(text: string): string {
  return text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, ' ');
}

/**
 * A quote is cut inside a sentence when it ends (without "…") where the transcript's sentence
 * goes on, or at an abbreviation's period ("using U.S.").
 */
export function checkQuote(quote: string, transcript: string): QuoteCheck {
  let text = normalise(quote.trim()).replace(/^"|"$/g, '');
  if (text.endsWith('…')) text = text.slice(0, -1).trimEnd();
  const marked = normalise(quote.trim()).endsWith('…');
  const bare = text.replace(/[.,;:!?]+$/, '');
  // Quotes start a sentence with a capital the transcript may not have, and caption capitals are shown in sentence case.
  const source = normalise(transcript).toLowerCase();
  const at = [bare.toLowerCase()].map((needle) => source.indexOf(needle)).find((index) => index >= 0);
  if (at === undefined) return { quote, problem: 'not found' };
  if (marked) return { quote, problem: null };
  const after = source.slice(at + bare.length);
  const punctuation = /^[.?!]+/.exec(after)?.[0] ?? '';
  if (!punctuation) return { quote, problem: /^\s*[\p{L}\p{N}]/u.test(after) || /^,/.test(after) ? 'cut' : null };
  if (punctuation.startsWith('.') && ABBREVIATION_END.test(`${bare}${punctuation}`)) return { quote, problem: 'cut' };
  return { quote, problem: null };
}

/** Every quotation in a story body: the text between curly quotes. */
export function bodyQuotes(body: string): string[] {
  return [...body.matchAll(/“([^”]+)”/g)].map((match) => match[1] ?? '');
}

/** Mentions of seconds, minutes or clock positions in the video (untimed transcripts have none). */
export function timeClaims(texts: readonly string[]): string[] {
  const claims: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(/\b(?:Said at [\d:]+|\d+-minute|about \d+ minutes|about a minute|Meeting length[^.]*|\d+ seconds?)\b/g)) claims.push(match[0]);
  }
  return claims;
}
