/**
 * Who said a sentence, from what the meeting itself says. A transcript's labels that are names
 * ("Mayor Elena Ruiz") are kept as they are. A sentence nobody labelled is given a name only
 * with evidence in the words: its speaker introducing themselves at its start ("My name is
 * Savannah Carter, …"), or answering a roll call ("Councilman Fugate." / "Here."). A diarizer's
 * label ("SPEAKER_03") becomes a name only when every piece of such evidence for it names the one
 * person, and no other label is named so. When the evidence cannot tell, no one is named: a
 * quote credited to the wrong person is worse than one credited to "a speaker".
 */
import { anyCase, introductionsIn } from './introductions.js';
import type { Sentence } from './sentences.js';
import { isDiarizerLabel } from './speakers.js';

/** The clerk calling one member, the whole sentence: "Councilman Fugate.", "And Councilwoman Testerman?" */
const CALL = new RegExp(
  String.raw`^(?:${anyCase('and')}\s+)?(${anyCase(String.raw`(?:vice\s+mayor|council\s*(?:member|woman|man|or|president)|councilor|commissioner|supervisor|trustee|alder(?:man|person)|president|chair(?:man|woman)?|mayor|mr|mrs|ms|dr)`)}\.?)\s+(\p{Lu}[\p{L}'’]+(?:[\s-]\p{Lu}[\p{L}'’]+)?)[.?!]?$`,
  'u',
);
/** An answer and nothing else: "Here.", "Present.", "Yes.", "Aye.", "No." */
const ANSWER = /^(?:here|present|yes|yeah|yep|aye|yea|no|nay|abstain|i['’]m\s+here)(?:,?\s+(?:sir|ma['’]am|thank\s+you))?[.!]?$/i;
/** The member answers at once: a later answer may be someone else's. */
const ANSWER_WITHIN_MS = 6_000;
/** A chair reading a speaker card or calling the next speaker names someone else: "Larry Silverstein, 7808 Sheffield Drive, followed by …". */
const ABOUT_SOMEONE_ELSE = /\b(?:followed\s+by|is\s+next|next\s+up|(?:come|step)\s+(?:up|down|forward)|you(?:['’]re|\s+are)\s+(?:next|up|recognized)|please\s+(?:welcome|come)|let['’]s\s+welcome)\b/i;

/** "Councilman Fugate" when this sentence answers the clerk calling Councilman Fugate. */
function rollCallAnswerer(sentences: readonly Sentence[], i: number): string | null {
  const answer = sentences[i];
  const call = sentences[i - 1];
  if (!answer || !call || !ANSWER.test(answer.text.trim())) return null;
  // Labelled, the clerk and the member are two voices; unlabelled, the words must say so alone.
  if (call.speaker !== null && call.speaker === answer.speaker) return null;
  if (answer.start_ms - call.end_ms > ANSWER_WITHIN_MS) return null;
  const match = CALL.exec(call.text.trim());
  return match ? `${match[1]} ${match[2]}` : null;
}

/** The name this sentence's speaker says they have, or answers to; null when the words do not say. */
function namedIn(sentences: readonly Sentence[], i: number): string | null {
  const sentence = sentences[i];
  if (!sentence) return null;
  // Only a whole sentence: a caption run cut at a length limit may hold another voice after the introduction.
  const intro = sentence.complete && !ABOUT_SOMEONE_ELSE.test(sentence.text) ? introductionsIn(sentence.text).find((found) => found.opens) : undefined;
  if (intro) return intro.office ? `${intro.office} ${intro.name}` : intro.name;
  return rollCallAnswerer(sentences, i);
}

const surnameOf = (name: string) => (name.split(/\s+/).pop() ?? '').toLowerCase();

/**
 * Diarizer labels every piece of evidence agrees on, with the name to show: the fullest form the
 * meeting gives ("Savannah Carter" over "Ms. Carter"). A label named two ways, or a person named
 * for two labels, is left as it is.
 */
function renameDiarizerLabels(sentences: readonly Sentence[], named: ReadonlyArray<string | null>): Map<string, string> {
  const byLabel = new Map<string, string[]>();
  sentences.forEach((sentence, i) => {
    const name = named[i];
    if (name && sentence.speaker && isDiarizerLabel(sentence.speaker)) byLabel.set(sentence.speaker, [...(byLabel.get(sentence.speaker) ?? []), name]);
  });
  const agreed = new Map<string, string>();
  for (const [label, names] of byLabel) {
    if (new Set(names.map(surnameOf)).size !== 1) continue;
    agreed.set(label, names.reduce((best, name) => (name.split(/\s+/).length > best.split(/\s+/).length ? name : best)));
  }
  const labelsPerPerson = new Map<string, number>();
  for (const name of agreed.values()) labelsPerPerson.set(surnameOf(name), (labelsPerPerson.get(surnameOf(name)) ?? 0) + 1);
  return new Map([...agreed].filter(([, name]) => labelsPerPerson.get(surnameOf(name)) === 1));
}

export interface NamedSentences {
  sentences: Sentence[];
  /** Diarizer labels renamed for the whole meeting ("SPEAKER_03" -> "Savannah Carter"). */
  renamed: Map<string, string>;
}

/** The sentences with the speakers the meeting names: see the module comment for when. */
export function nameSpeakers(sentences: readonly Sentence[]): NamedSentences {
  const named = sentences.map((_, i) => namedIn(sentences, i));
  const renamed = renameDiarizerLabels(sentences, named);
  return {
    sentences: sentences.map((sentence, i) => {
      if (sentence.speaker) return renamed.has(sentence.speaker) ? { ...sentence, speaker: renamed.get(sentence.speaker) ?? null } : sentence;
      const name = named[i];
      return name ? { ...sentence, speaker: name } : sentence;
    }),
    renamed,
  };
}
