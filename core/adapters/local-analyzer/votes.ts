/** Reading motions and vote results out of single sentences. */

export const MOTION =
  /\b(?:i(?:['’]d|\s+would|\s+will|['’]ll)?(?:\s+also)?(?:\s+like\s+to)?\s+move(?!\s+(?:on|forward|into|along|ahead|over|through|back|away|onto|up|down|around|it)\b)|i\s+make\s+a\s+motion|(?:a|the|my)\s+motion\s+(?:to|that|would\s+be)|moved\s+and\s+seconded|so\s+moved)\b/i;
const VOTE_OUTCOME =
  /\b(?:motion|ordinance|resolution|amendment|item|bill|appointment|it|that|calendar|agenda)\s+(?:passes|passed|carries|carried|fails|failed|is\s+(?:approved|adopted|defeated))\b|\bayes\s+have\s+it\b|\b(?:passe[sd]|carrie[sd]|fail(?:s|ed)|approved|adopted)\s+(?:unanimously|\d{1,2}\s*(?:-|to)\s*\d{1,2}\b)/i;
const TALLY = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*(?:-|to|–)\s*(\d{1,2}|zero|nothing|none|one|two|three|four|five|six)\b(?![,.]?\d)/i;
/** A count like "4-1" is a vote only next to words like these ("the motion passes 4-1", "voted 5 to 2"). */
const VOTE_CONTEXT = /\b(?:voted|vote\s+(?:of|was|is)|passe[sd]|carrie[sd]|fail(?:s|ed)|ayes?|nays?|approved|adopted|in\s+favou?r|opposed)\b/i;
const FAILED = /\b(?:fail(?:s|ed)|defeated|den(?:y|ied))\b/i;

const WORD_NUMBERS: Record<string, number> = {
  zero: 0, nothing: 0, none: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6,
  seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};

export interface VoteResult {
  outcome: 'passed' | 'failed';
  /** "4-1" (yes-no) when a count was said, "unanimously" when only that was said. */
  tally: string | null;
}

function toNumber(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (WORD_NUMBERS[word.toLowerCase()] ?? NaN);
}

/** A vote result said in this sentence ("The motion passes 4-1", "carried unanimously"). */
export function readVote(text: string): VoteResult | null {
  const outcome = VOTE_OUTCOME.exec(text);
  const tally = VOTE_CONTEXT.test(text) ? TALLY.exec(text) : null;
  const yes = tally ? toNumber(tally[1] ?? '') : NaN;
  const no = tally ? toNumber(tally[2] ?? '') : NaN;
  const validTally = Number.isFinite(yes) && Number.isFinite(no) && yes + no <= 15 && yes + no > 0;
  if (!outcome && !validTally) return null;
  const failed = FAILED.test(text) || (validTally && yes < no);
  return {
    outcome: failed ? 'failed' : 'passed',
    tally: validTally ? `${yes}-${no}` : /unanimous/i.test(text) ? 'unanimously' : null,
  };
}

/** True for a tally with votes on both sides ("4-1", not "5-0" or "unanimously"). */
export function isSplit(vote: VoteResult | null): boolean {
  const match = /^(\d+)-(\d+)$/.exec(vote?.tally ?? '');
  return match !== null && Number(match[1]) > 0 && Number(match[2]) > 0;
}

/** The words after "I move" / "motion to": what was moved. */
export function motionClause(text: string): string | null {
  const match = MOTION.exec(text);
  if (!match) return null;
  const clause = text
    .slice((match.index ?? 0) + match[0].length)
    .replace(/^\s*(?:to|that|we|the\s+(?:council|board|committee|commission)|would\s+be)\s+/i, '')
    .replace(/^(?:we|the\s+(?:council|board|committee|commission))\s+/i, '')
    .replace(/[.?!]+$/, '')
    .trim();
  return clause.split(/\s+/).length >= 2 ? clause : null;
}

/** True when the sentence makes a motion, even a bare "So moved." or "Move to approve." */
export function isMotion(text: string): boolean {
  return MOTION.test(text) || /^(?:move|moved)\s+(?:to\s+)?(?:approv|adopt)/i.test(text.trim());
}

/** A roll-call answer: "Aye.", "Yes.", "No.", "Nay." */
export function rollCallAnswer(text: string): 'yes' | 'no' | null {
  const bare = text.trim().toLowerCase().replace(/[.!]+$/, '');
  if (/^(?:aye|yes|yea)$/.test(bare)) return 'yes';
  if (/^(?:no|nay)$/.test(bare)) return 'no';
  return null;
}

const TITLE_WORD = /^(?:council|councilmembers?|councilors?|trustees?|commissioners?|supervisors?|vice|mayor|president|members?|board|chair|and|mr|mrs|ms|dr)\.?$/i;

/** Surnames in "with Councilmembers Natarajan and Whitcomb voting no". */
export function namedDissenters(text: string): string[] {
  const match = /\bwith\s+(.+?)\s+(?:voting\s+(?:no|against)|opposed|dissenting)\b/i.exec(text);
  if (!match) return [];
  return (match[1] ?? '')
    .split(/,\s*|\s+and\s+/)
    .map((part) => part.split(/\s+/).filter((word) => !TITLE_WORD.test(word)).join(' '))
    .filter((name) => /^\p{Lu}/u.test(name));
}

/** "The consent calendar is approved five to zero." -> "consent calendar"; null for "the motion". */
export function voteSubject(text: string): string | null {
  const match = /(?:^|[.?!,]\s+)(?:the\s+)?([\w\s.-]{3,60}?)\s+(?:passes|passed|carries|carried|is\s+(?:approved|adopted)|fails|failed)\b/i.exec(text);
  const subject = match?.[1]?.trim();
  if (!subject || /^(?:that\s+)?(?:motion|it|that|this|item|amendment)$/i.test(subject)) return null;
  // A noun phrase, not a clause: "consent calendar", "Resolution 31" (captions give "They were high and …").
  if (subject.split(/\s+/).length > 6 || /^(?:i|we|they|he|she|you|it|there|this|that)\b/i.test(subject)) return null;
  return subject;
}
