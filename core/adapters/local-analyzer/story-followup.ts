import { DIRECTION } from './action-items.js';
import { findDate } from './dates.js';
import type { MeetingModel } from './meeting-model.js';
import type { NameTracker } from './speakers.js';
import { summarySentence } from './summary.js';
import { capitalize, ensureTerminalPunctuation } from './text.js';

/**
 * What happens next, in the story's own words: directions to staff ("we direct staff to return
 * with …" -> "The motion also directs staff to return with …"), a second reading, the next
 * meeting. Only third-person wording is produced; a direction that would need "we" or "I" in
 * narration is left out rather than put in the reporter's mouth.
 */
const WHO = '(staff|the\\s+(?:city\\s+manager|city\\s+administrator|superintendent|city\\s+attorney|clerk))';
const DIRECT = new RegExp(`\\bdirect\\s+(?:the\\s+)?(?:city\\s+|district\\s+)?${WHO}\\s+to\\s+(.+)$`, 'i');
const ASK_THAT = /^(?:and\s+)?I(?:['’]d|\s+would)\s+(?:also\s+)?(?:like\s+to\s+)?ask\s+that\s+(.+)$/i;
const PLEASE = /^(?:(.{2,40}?),\s+)?please\s+(?:also\s+)?((?:report|come|get)\s+back\s+.+|return\s+.+)$/i;
const STAFF_SHOULD = /^staff\s+(should|shall|will|is\s+to|needs?\s+to)\s+(.+)$/i;
const THIRD_PERSON_BACK = /^([A-Z][\w\s]{2,40}?)\s+will\s+(?:report|come)\s+back\b/;
const FIRST_PERSON = /\b(?:we|us|our|I|me|my|you|your)\b/;
/** "…, so we can see whether people are actually coming": a reason given in the first person. */
const FIRST_PERSON_TAIL = /,\s+so\s+(?:that\s+)?(?:we|I|you)\b.*$/i;

function clean(rest: string): string | null {
  const text = rest.replace(FIRST_PERSON_TAIL, '').replace(/[.?!]+$/, '').trim();
  return FIRST_PERSON.test(text) || text.split(/\s+/).length < 4 ? null : text;
}

function vocativeRef(vocative: string, model: MeetingModel, names: NameTracker): string | null {
  const bare = vocative.replace(/^(?:mr|mrs|ms|dr)\.?\s+/i, '').trim();
  if (!/^\p{Lu}[\p{L}'’-]+$/u.test(bare)) return null;
  for (const speaker of model.speakers.values()) {
    if (speaker.surname === bare || speaker.name.split(' ')[0]?.startsWith(bare)) return names.ref(speaker.label);
  }
  return null;
}

export interface DirectionContext {
  model: MeetingModel;
  names: NameTracker;
  /** True when the sentence is part of the motion just passed (said by the mover before the vote). */
  inMotion: boolean;
}

/** One direction to staff as a story sentence, or null when it cannot be said in the third person. */
export function directionSentence(index: number, { model, names, inMotion }: DirectionContext): string | null {
  const sentence = model.sentences[index];
  if (!sentence || !DIRECTION.test(sentence.text)) return null;
  const text = summarySentence(sentence.text).replace(/^and\s+/i, '');
  const speaker = sentence.speaker;
  const noun = model.body.noun;
  const direct = DIRECT.exec(text);
  if (direct) {
    const rest = clean(direct[2] ?? '');
    if (!rest) return null;
    const who = (direct[1] ?? 'staff').toLowerCase();
    const subject = inMotion ? 'The motion also directs' : /\bwe\s+direct\b/i.test(text) || !speaker ? `The ${noun} directed` : `${capitalize(names.ref(speaker))} directed`;
    return `${subject} ${who} to ${rest}.`;
  }
  const ask = ASK_THAT.exec(text);
  if (ask && speaker) {
    const rest = clean(ask[1] ?? '');
    return rest ? `${capitalize(names.ref(speaker))} asked that ${rest}.` : null;
  }
  const please = PLEASE.exec(text);
  if (please && speaker) {
    const rest = clean(please[2] ?? '');
    const target = please[1] ? vocativeRef(please[1], model, names) : null;
    return rest ? `${capitalize(names.ref(speaker))} asked ${target ?? 'staff'} to ${rest}.` : null;
  }
  const should = STAFF_SHOULD.exec(text);
  if (should) {
    const rest = clean(should[2] ?? '');
    if (!rest) return null;
    if (/^(?:should|shall|is\s+to|needs?\s+to)$/i.test(should[1] ?? '')) return `Staff is to ${rest}.`;
    return speaker ? `Staff will ${rest}, ${names.ref(speaker)} said.` : `Staff will ${rest}.`;
  }
  if (THIRD_PERSON_BACK.test(text) && speaker && !FIRST_PERSON.test(text)) {
    return `${ensureTerminalPunctuation(text).replace(/[.]$/, '')}, ${names.ref(speaker)} said.`;
  }
  return null;
}

/** "The second reading will be on our January 27 agenda." -> the ISO day, when said in [from, to). */
export function secondReading(model: MeetingModel, from: number, to: number, reference: Date): string | null {
  for (let i = Math.max(0, from); i < Math.min(to, model.sentences.length); i++) {
    const text = model.sentences[i]?.text ?? '';
    if (!/\bsecond\s+reading\b/i.test(text)) continue;
    const date = findDate(text, reference);
    if (date?.iso) return date.iso;
  }
  return null;
}
