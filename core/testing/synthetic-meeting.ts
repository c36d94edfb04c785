import type { TranscriptSegment } from '../domain/transcript.js';

/** A short invented council meeting with one of everything the analyzer looks for; test-only. */
export const FAIRVIEW_TITLE = 'Fairview City Council Regular Meeting - March 3, 2026';

const lines: Array<[string, string]> = [
  ['Mayor Ortiz', 'Good evening and welcome to the regular meeting of the Fairview City Council. Can everyone hear me?'],
  ['Mayor Ortiz', 'Our first item tonight is the Elm Street bridge replacement contract.'],
  ['Public Works Director Lee', 'The bid from Delgado Construction came in at $1,250,000, which is below the engineer’s estimate.'],
  ['Council Member Park', 'I am concerned about traffic on Elm Street during construction, especially near the elementary school.'],
  ['Public Works Director Lee', 'We will keep one lane open at all times and work around the school schedule.'],
  ['Council Member Park', 'I move that we approve the contract with Delgado Construction for the Elm Street bridge.'],
  ['Council Member Gray', 'Second.'],
  ['Mayor Ortiz', 'All in favor? Opposed? The motion passes 4-1, with Council Member Chen voting no.'],
  ['Council Member Chen', 'I voted no because the city should have rebid the project after the design change.'],
  ['Council Member Park', 'I also move to direct staff to return with a proposal by March 15, 2026 for a traffic safety plan around the school.'],
  ['Mayor Ortiz', 'That motion carries unanimously. Thank you.'],
  ['Mayor Ortiz', 'Our next regular meeting is April 14, 2026. We are adjourned.'],
];

export const fairviewSegments: TranscriptSegment[] = lines.map(([speaker, text], i) => ({
  start_ms: i * 45_000,
  end_ms: i * 45_000 + 40_000,
  speaker,
  text,
}));
