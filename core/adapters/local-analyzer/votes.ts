/** Reading motions and vote results out of single sentences. */

const MOTION =
  /\b(?:i(?:['’]d|\s+would|\s+will|['’]ll)?(?:\s+also)?(?:\s+like\s+to)?\s+move(?!\s+(?:on|forward|into|along|ahead|over|through|back|away|onto|up|down|around|it)\b)|i\s+make\s+a\s+motion|(?:a|the|my)\s+motion\s+(?:to|that|would\s+be)|moved\s+and\s+seconded|so\s+moved)\b/i;
/**
 * A result is stated only by the outcome words (passes, carries, adopted, approved, fails,
 * continued, received and filed …) with this meeting's business as their subject: "The motion
 * carries", "Consent items are approved", "That is postponed for two weeks", "The ayes have it".
 * "The state legislature passed unanimously" (another body) and "this was passed on first
 * reading" (history) are not results; "It carries out a program" is not a vote.
 */
const BUSINESS_NOUN = String.raw`(?:motion|amendments?|substitut(?:e|ion)|ordinances?|resolutions?|bills?|items?|agenda|minutes|calendar|appointments?|reports?|recommendations?|request|appeal|application|contract|agreement|polic(?:y|ies)|dockets?|orders?|petitions?|\d{1,3}[A-Z]?)`;
/** A number as captions spell it out digit by digit: "zero six five three". */
const SPOKEN_DIGITS = String.raw`(?:number\s+)?(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\s+){1,5}(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)`;
const SUBJECT = String.raw`(?:(?:the|this|that|our)\s+)?(?:[\w'’-]+\s+){0,6}?${BUSINESS_NOUN}(?:\s+(?:as\s+amended|\d[\w-]*|${SPOKEN_DIGITS}))?`;
const PRESENT = String.raw`(?:passes|carries|carry|fails)`;
const PARTICIPLE = String.raw`(?:passed|carried|failed|adopted|approved|continued|postponed|tabled|defeated|denied|signed|received\s+and\s+filed|filed|placed\s+on\s+file|ordered|referred|withdrawn|deferred)`;
/**
 * What may follow the outcome word. Speech-to-text hears the chair's "passes and the chair will
 * sign it" as "passes in, the chair …", "carries in the amendment is adopted", and runs the next
 * sentence on ("is adopted colleagues, at this time"): those continuations are allowed too.
 */
const AFTER = String.raw`(?=\s*$|\s*[.,;:!?]|\s+(?:unanimously|as\s+amended|and\b|with\b|on\b|for\b|by\b|until\b|to\s+(?:the|a|\w+day)\b|\d|(?:one|two|three|four|five|six|seven|eight|nine|ten)\b|in\s*(?:$|[.,;])|(?:in\s+)?(?:the\s+)?(?:chair|amendment|substitute|version|introduction)\b|(?:colleagues|council\s*members?|councilmembers?)\b))`;
const OUTCOME_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\b(${SUBJECT})\s+(?:${PRESENT}|(?:is|are|has\s+been|have\s+been|will\s+be|shall\s+be|(?:is|are)\s+being|stands?)\s+${PARTICIPLE})${AFTER}`, 'i'),
  new RegExp(String.raw`\b(?:the\s+)?((?:main\s+)?motion|amendment|ordinance|resolution|bill)\s+${PARTICIPLE}${AFTER}`, 'i'),
  new RegExp(String.raw`\b(?:it|that|this)\s+(?:${PRESENT}|(?:is|has\s+been)\s+${PARTICIPLE})${AFTER}`, 'i'),
  /\b(?:the\s+)?ayes\s+have\s+it\b|\b(?:the\s+)?(?:nays|noes)\s+have\s+it\b/i,
  // The chair after the roll call: "Extension for 60 days.", "Postponed to December 15."
  /^(?:motion\s+)?(extension|extended|postponed|deferred|continued)\s+(?:for|to|until)\s+[^.?!]{1,40}[.!]?$/i,
  // Said alone by the chair: "Approved pending final documentation.", "Motion carried unanimously."
  /^(?:motion\s+)?(?:passe[sd]|carrie[sd]|fail(?:s|ed)|approved|adopted|denied|deferred)(?:\s+unanimously|\s+(?:pending|subject\s+to)\s[^.?!]*)?\s*[.!]?$/i,
];
/** The outcome word as said, for the story: "adopted", "passed", "postponed". */
const OUTCOME_WORD = /\b(passes|passed|carries|carried|carry|fails|failed|referred|withdrawn|deferred|extension|extended|placed\s+on\s+file|adopted|approved|continued|postponed|tabled|defeated|denied|signed|received\s+and\s+filed|ayes\s+have\s+it|nays\s+have\s+it|noes\s+have\s+it)\b/i;
const WORD_FORMS: Record<string, { outcome: Outcome; word: string }> = {
  passes: { outcome: 'passed', word: 'passed' }, passed: { outcome: 'passed', word: 'passed' },
  carries: { outcome: 'passed', word: 'approved' }, carried: { outcome: 'passed', word: 'approved' }, carry: { outcome: 'passed', word: 'approved' },
  referred: { outcome: 'referred', word: 'referred' }, withdrawn: { outcome: 'withdrawn', word: 'withdrawn' },
  'placed on file': { outcome: 'filed', word: 'placed on file' },
  adopted: { outcome: 'passed', word: 'adopted' }, approved: { outcome: 'passed', word: 'approved' },
  signed: { outcome: 'passed', word: 'approved' }, 'ayes have it': { outcome: 'passed', word: 'approved' },
  fails: { outcome: 'failed', word: 'rejected' }, failed: { outcome: 'failed', word: 'rejected' },
  defeated: { outcome: 'failed', word: 'rejected' }, denied: { outcome: 'failed', word: 'denied' },
  'nays have it': { outcome: 'failed', word: 'rejected' }, 'noes have it': { outcome: 'failed', word: 'rejected' },
  continued: { outcome: 'continued', word: 'continued' }, deferred: { outcome: 'continued', word: 'deferred' },
  extension: { outcome: 'continued', word: 'extended' }, extended: { outcome: 'continued', word: 'extended' }, postponed: { outcome: 'continued', word: 'postponed' },
  tabled: { outcome: 'continued', word: 'tabled' }, 'received and filed': { outcome: 'filed', word: 'received and filed' },
};

/** "5 to 2", "4-1" next to vote words ("the motion passes 4-1", "voted 5 to 2"). */
const TALLY = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*(?:-|to|–)\s*(\d{1,2}|zero|nothing|none|one|two|three|four|five|six)\b(?![,.]?\d)/i;
const VOTE_CONTEXT = /\b(?:voted|vote\s+(?:of|was|is)|passe[sd]|carrie[sd]|fail(?:s|ed)|ayes?|nays?|approved|adopted|in\s+favou?r|opposed)\b/i;
/** "8 in favor, none opposed", "Seven in favor, one opposed", "Eight in favor not opposed". */
const COUNT = String.raw`(\d{1,2}|zero|none|no|not|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const FAVOR_OPPOSED = new RegExp(String.raw`\b${COUNT}\s+(?:a\s+)?(?:in\s+favou?r|ayes?|yes(?:es)?|yeas?|votes?\s+yes)\b[,;]?\s*(?:and\s+|with\s+)?${COUNT}\s+(?:opposed|nays?|no(?:es)?|against|votes?\s+no)\b`, 'i');
const WORD_NUMBERS: Record<string, number> = {
  zero: 0, nothing: 0, none: 0, no: 0, not: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6,
  seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};

/** passed (passed, carried, adopted, approved), failed, continued (postponed, tabled), referred, withdrawn, filed (received and filed, placed on file). */
export type Outcome = 'passed' | 'failed' | 'continued' | 'referred' | 'withdrawn' | 'filed';

export interface VoteResult {
  /** Only from the outcome words; null when none was said or the signals conflict ("a vote was taken"). */
  outcome: Outcome | null;
  /** The outcome as said, for the story: "adopted", "approved", "postponed"; null with no outcome. */
  word: string | null;
  /** "4-1" (yes-no) when a count was said, "unanimously" when only that was said. */
  tally: string | null;
  /** The outcome words and the count disagree (a "passes" with more noes than ayes). */
  conflict: boolean;
  /** "the minutes", "Consent items", "The introduction and referral calendar": what the words say was decided. */
  subject: string | null;
}

function toNumber(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (WORD_NUMBERS[word.toLowerCase()] ?? NaN);
}

/**
 * The clerk's count as speech-to-text hears it, put back into words the count patterns read:
 * "Agent. Favorite unopposed." -> "eight in favor none opposed", "eight in favor Nana post",
 * "Devin and favor one. Opposed" (Seattle 2020-08-10, Google speech-to-text). Numbers are
 * respelled only right before "in favor", where nothing but a count can stand.
 */
function normaliseCount(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,;:!?]+/g, ' ')
    .replace(/\bfavou?rite\b/g, 'favor')
    .replace(/\b(?:nunna|nana|none\s+a|nun\s+a)\s+post\b/g, 'none opposed')
    .replace(/\b(?:and\s+)?unopposed\b/g, 'none opposed')
    .replace(/\b(?:agent|ate)\s+(?:(?:in|and|an)\s+)?(?=favor\b)/g, 'eight in ')
    .replace(/\b(?:devin|seven)\s+(?:(?:in|and|an)\s+)?(?=favor\b)/g, 'seven in ')
    .replace(/\b(\w+)\s+(?:and|an)\s+(?=favor\b)/g, '$1 in ')
    .replace(/\s+/g, ' ');
}

/** The count said in the sentence, as "yes-no". */
export function readTally(text: string): { yes: number; no: number } | null {
  const favor = FAVOR_OPPOSED.exec(text) ?? (/\bfavou?r/i.test(text) ? FAVOR_OPPOSED.exec(normaliseCount(text)) : null);
  const match = favor ?? (VOTE_CONTEXT.test(text) ? TALLY.exec(text) : null);
  if (!match) return null;
  const yes = toNumber(match[1] ?? '');
  const no = toNumber(match[2] ?? '');
  return Number.isFinite(yes) && Number.isFinite(no) && yes + no <= 15 && yes + no > 0 ? { yes, no } : null;
}

/**
 * The clerk reading a committee report ("the committee recommends that the bill passed with
 * council members …", "the committee recommends, a bill passed as amended") states what the
 * committee asks for, not what the council did.
 */
const RECOMMENDATION = /\brecommend(?:s|ed|ation)?\b(?:[\s,]+[\w'’-]+){0,6}[\s,]+(?:pass|passes|passed|adopted|approved|carries|carried)\b[^.?!]{0,40}$/i;

/** The outcome stated in the sentence and what it was about. */
function readOutcome(text: string): { outcome: Outcome; word: string; subject: string | null } | null {
  for (const pattern of OUTCOME_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const said = OUTCOME_WORD.exec(match[0])?.[1]?.toLowerCase().replace(/\s+/g, ' ') ?? '';
    const form = WORD_FORMS[said];
    if (!form) continue;
    if (RECOMMENDATION.test(text.slice(0, (match.index ?? 0) + match[0].length))) continue;
    // "If there is no objection, the agenda will be adopted" announces; "Hearing no objection. The agenda will be adopted." decides.
    // "first step will be once this contract was approved", "after the budget is adopted", "we can post them
    // as soon as the contract is signed": a plan, not a result.
    if (/\b(?:if|unless|whether|once|when|after|before|until|since|as\s+soon\s+as|as\s+long\s+as|provided(?:\s+that)?)\b[^.?!]*$/i.test(text.slice(0, (match.index ?? 0) + (match[1] ? match[0].indexOf(match[1]) + match[1].length : 0)))) continue;
    // "The vast majority of these items have been adopted": a statistic about past business.
    if (/\b(?:majority|most|many|some|several|half|all|none|each|every)\s+of\b/i.test(match[1] ?? '')) continue;
    // "Madam clerk, the motion carries": the chair's address to the clerk is not the subject.
    const subject = match[1]?.trim().replace(/^(?:(?:so|and|but|okay|then|now|thank\s+you|thanks|all\s+right|(?:madam\s+|mister\s+|mr\.?\s+)?clerk|the(?=\s+and\b)),?\s+)+/i, '') ?? null;
    // "Much of the bill passes" ("Thank you so much, the bill passes"), "Madam the resolution": the words before the matter are not part of it.
    const matter = subject?.replace(/^.*?\s(?=(?:the|this|that)\s+(?:main\s+)?(?:bill|resolution|ordinance|amendment|motion|item|substitut\w+)$)/i, '') ?? null;
    return { ...form, subject: matter && !/^(?:it|that|this|the\s+motion|motion)$/i.test(matter) ? matter : null };
  }
  return null;
}

/**
 * A vote result said in this sentence. The outcome comes only from the words; a count alone
 * gives a vote with no outcome, and a count that contradicts the words voids the outcome.
 */
export function readVote(text: string): VoteResult | null {
  const stated = readOutcome(text);
  const count = readTally(text);
  if (!stated && !count) return null;
  // A count with no outcome words stands for this meeting's vote only when said as a result; in a
  // long sentence it is history ("… by a narrow five to four vote of me", Seattle 2020-08-10 7021 s).
  if (!stated && !FAVOR_OPPOSED.test(text) && text.split(/\s+/).length > 14) return null;
  const tally = count ? `${count.yes}-${count.no}` : /\bunanimous(?:ly)?\b/i.test(text) && stated ? 'unanimously' : null;
  const conflict = stated !== null && count !== null && ((stated.outcome === 'passed' && count.yes <= count.no) || (stated.outcome === 'failed' && count.yes > count.no));
  const outcome = stated && !conflict ? stated.outcome : null;
  return { outcome, word: outcome ? (stated?.word ?? null) : null, tally, conflict, subject: stated?.subject ?? null };
}

/**
 * The result with a count said just before it ("Eight in favor. None opposed. Thank you, madam
 * clerk. The bill passes."): the count is added when the result has none of its own, and an
 * outcome the count contradicts is voided as in readVote.
 */
export function withCount(vote: VoteResult, nearby: string): VoteResult {
  if (vote.tally && vote.tally !== 'unanimously') return vote;
  const count = readTally(nearby);
  if (!count) return vote;
  const conflict = vote.conflict || (vote.outcome === 'passed' && count.yes <= count.no) || (vote.outcome === 'failed' && count.yes > count.no);
  return { ...vote, tally: `${count.yes}-${count.no}`, conflict, outcome: conflict ? null : vote.outcome, word: conflict ? null : vote.word };
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
    // Speech-to-text runs the chair's next words on: "pass the bill councilmember Herbold I believe you are going to speak".
    .replace(/\s+(?:(?:council\s*member|councilmember|councilwoman|councilman|madam|mister|mr\.?|ms\.?)\s+\S+.*|(?:i|we)\s+(?:believe|think)\b.*|is\s+there\s+a\s+second\b.*)$/i, '')
    // Captions run the call for the vote on: "substitute please say ay ay ay", "… all those in favor".
    .replace(/\s+(?:(?:all\s+)?(?:those\s+)?in\s+favou?r\b|(?:please\s+)?say\s+(?:aye|ay|i|yes)\b|any\s+(?:discussion|objection)\b|(?:seeing|hearing)\s+none\b).*$/i, '')
    // What the mover goes on to say in a clause of its own ("…, and if I don't hear anything from him next time …") is not moved; "…, and include $86,000 …" is.
    .replace(/,\s+(?:(?:and|but|so)\s+)?(?:if|because|since|then|i|we|you|he|she|they)\b.*$/i, '')
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
