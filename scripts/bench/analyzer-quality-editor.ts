/**
 * An editor's reading of each development meeting's story, written down by the engineer who read
 * the outputs in <tmp>/analyzer-quality/ (issue 23: every story from a real development meeting
 * publishable after light edits, by our own editor's reading, per meeting). Re-read and update
 * these when the analyzer's output changes; the bench prints them next to each meeting's checks.
 * The validation meetings are never read, so they have no note.
 */
export interface EditorNote {
  publishable: 'after light edits' | 'not yet';
  note: string;
}

export const EDITOR_NOTES: Readonly<Record<string, EditorNote>> = {
  'knoxville_2018-07-03_city-council_whisper-transcript.md': {
    publishable: 'after light edits',
    note: 'Headline names the $110,000 Volunteer Ministry Center agreement; the body lists the other resolutions in order. Edit: say what 9A is; the quotes are unattributed (the transcript names no speakers).',
  },
  'seattle_2020-08-10_city-council_cdp-captions-transcript.json': {
    publishable: 'after light edits',
    note: 'Leads with Council Bill 119825 (the COVID-19 budget response). Edit: "voted 8-0 to amendment the referral calendar" (the captions\' word), and the calendar motion and its adoption read as two items.',
  },
  'seattle_2020-08-10_city-council_cdp-captions-transcript-in-capitals.json': {
    publishable: 'after light edits',
    note: 'Same story as the mixed-case captions, re-cased; the same two edits.',
  },
  'seattle_2020-08-10_city-council_cdp-gsr-transcript.json': {
    publishable: 'after light edits',
    note: 'Leads with the bill and its 7-1 vote. Edit: speech-to-text misheard numbers stay as heard ("Council Bill 1 1985", "ordinance 26000") and must be checked against the agenda.',
  },
  'boston-ma_2022-05-25_city-council_captions.vtt': {
    publishable: 'after light edits',
    note: 'Neutral headline; the lede counts the 16 decisions and the dockets follow by number. Edit: say what each docket is (the captions only spell its number); the lead quote is a clerk reading a grant amount in words.',
  },
  'knoxville-tn_2020-11-17_beer-board_whisper-table.md': {
    publishable: 'after light edits',
    note: 'Leads with the Wings Express permit; the extensions follow. Edit: say the permits are beer permits; one vote comes from rows Whisper repeated (0:09:16-0:09:29) and should be struck.',
  },
  'cdp_seattle_2019-06-25_committee_sentences.json': {
    publishable: 'after light edits',
    note: 'Neutral headline and topics; the appointment motions are told in the captions\' garbled words ("a motion to appointment 13 to 76,000 …") and need rewriting or cutting.',
  },
  'cdp_seattle_2019-07-15_briefing_words.json': {
    publishable: 'after light edits',
    note: 'A briefing with no business: neutral headline, topics and two quotes; the pull quote is garbled by speech-to-text and should be swapped.',
  },
  'cdp_v4_seattle_briefing_transcript_clip.json': {
    publishable: 'after light edits',
    note: 'A three-minute clip: neutral headline and the chair\'s notices; nothing to correct but its brevity.',
  },
};
