/**
 * What the offline story leaves out and why (metadata.uncertainty_notes): where the analyzer
 * says less than a reader might expect, the note says what it could not tell, so an editor
 * knows where to look in the recording instead of meeting a guess.
 */
import { formatTimestamp } from '../../domain/transcript.js';
import type { MeetingModel } from './meeting-model.js';

export interface UncertaintyInput {
  model: MeetingModel;
  timed: boolean;
  speakersKnown: boolean;
}

/** At most this many places are listed in one note; the rest are counted. */
const MAX_PLACES = 3;

function places(times: readonly number[], timed: boolean): string {
  if (!timed || times.length === 0) return '';
  const shown = times.slice(0, MAX_PLACES).map(formatTimestamp).join(', ');
  return times.length > MAX_PLACES ? ` (at ${shown} and ${times.length - MAX_PLACES} more)` : ` (at ${shown})`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Unlabelled, a transcript still names the speakers of the sentences where they say who they are. */
function speakersNote(model: MeetingModel): string {
  if (!model.sentences.some((sentence) => sentence.speaker)) return 'The transcript does not identify speakers, so quotes are attributed to "Unidentified speaker".';
  return 'The transcript does not identify speakers; a quote is credited by name only where its speaker says who they are (an introduction, a roll-call answer), and otherwise to "Unidentified speaker".';
}

export function uncertaintyNotes({ model, timed, speakersKnown }: UncertaintyInput): string[] {
  const notes = ["Written automatically from the meeting's captions; speaker names come from the captions and may be incomplete."];
  if (!speakersKnown) notes.push(speakersNote(model));
  notes.push(
    timed
      ? 'Automatic transcripts can mishear names and numbers; check quotes against the video at the given times.'
      : 'The transcript has no times, so no moments, times or meeting length are given; check quotes against the recording.',
  );
  if (model.recased) notes.push('The captions were in capitals; they are shown in sentence case, and a name the transcript never marks as one may appear in lower case.');

  const votes = model.decisions.filter((d) => d.voteIndex !== null && d.vote);
  const conflicting = votes.filter((d) => d.vote?.conflict);
  if (conflicting.length > 0) {
    notes.push(`The words and the count disagree for ${plural(conflicting.length, 'vote', 'votes')}${places(conflicting.map((d) => d.start_ms), timed)}, so no result is stated for them.`);
  }
  const countOnly = votes.filter((d) => !d.vote?.conflict && !d.vote?.outcome && d.vote?.tally);
  if (countOnly.length > 0) {
    notes.push(`${plural(countOnly.length, 'vote was', 'votes were')} counted with no outcome words said near the count${places(countOnly.map((d) => d.start_ms), timed)}; they are reported as "a vote was taken" without a result.`);
  }
  const uncounted = votes.filter((d) => d.vote?.outcome && !d.vote.tally);
  if (uncounted.length > 0) {
    notes.push(`${plural(uncounted.length, 'result was', 'results were')} stated without a count (voice votes or "no objection"), so no tally is given for ${uncounted.length === 1 ? 'it' : 'them'}.`);
  }
  const unsettled = model.decisions.filter((d) => d.voteIndex === null && d.action);
  if (unsettled.length > 0) {
    notes.push(`${plural(unsettled.length, 'motion was', 'motions were')} made with no vote result heard after ${unsettled.length === 1 ? 'it' : 'them'}${places(unsettled.map((d) => d.start_ms), timed)}; no outcome is claimed.`);
  }
  const unnamed = votes.filter((d) => d.vote?.outcome && !d.subject);
  if (unnamed.length > 0) {
    notes.push(`${plural(unnamed.length, 'result does', 'results do')} not say what ${unnamed.length === 1 ? 'it' : 'they'} settled${places(unnamed.map((d) => d.start_ms), timed)}; ${unnamed.length === 1 ? 'it is' : 'they are'} left out of the headline.`);
  }
  return notes;
}
