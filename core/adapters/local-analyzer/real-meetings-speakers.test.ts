/** Issue 12's rules on real meetings' excerpts: speakers named from what the transcript says. Citations (KNOX, CAPS, GSR, COMM, BEER, BOS): real-meetings.test.ts. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscriptFile } from '../../domain/transcript-formats.js';
import { meetingSegments as segments } from '../../testing/meeting-segments.js';
import { realFixtures } from '../../testing/real-fixtures.js';
import { analyzeTranscript } from './analyze.js';
import { rollCallNames, selfIntroductions } from './introductions.js';
import { buildMeetingModel } from './meeting-model.js';
import { findNames } from './names.js';
import { splitSentences } from './sentences.js';
import { writeStory } from './story.js';

const now = new Date('2026-01-15T12:00:00Z');
const REAL = realFixtures();

describe('speakers are named from what the transcript says', () => {
  const people = (lines: readonly string[]) =>
    analyzeTranscript({ segments: segments(lines), now }).entities.filter((e) => e.type === 'person').map((e) => e.name);

  it('reads self-introductions, and no "I\'m Happy" or "I\'m Hannah" (KNOX 0:20:39, 0:15:03)', () => {
    expect(selfIntroductions('Yeah, Jim Hagerman, director of engineering.')).toEqual(['Jim Hagerman']);
    expect(selfIntroductions('Larry Silverstein, 7808 Sheffield Drive.')).toEqual(['Larry Silverstein']);
    expect(selfIntroductions("Hi. I'm Hannah Sato, and I'm a junior at Fairview High.")).toEqual(['Hannah Sato']);
    expect(selfIntroductions("I'm Happy To, with the numbers.")).toEqual([]);
  });

  it('names a member from the chair\'s recognition, also in lower case (CAPS 3402 s, GSR 4061 s)', () => {
    expect(findNames('Thank you, council member Strauss pick next up is Council member Sawant.', new Set()).map((n) => [n.name, n.title])).toEqual([
      ['Strauss', 'Council Member'],
      ['Sawant', 'Council Member'],
    ]);
    expect(findNames('Thank you councilmember sawant.', new Set()).map((n) => n.name)).toEqual(['Sawant']);
    expect(findNames('Thank you councilmember her bold.', new Set())).toEqual([]);
  });

  it('names the members a roll call calls, which no lexicon knows (GSR 3122-3145 s, 3613-3640 s)', () => {
    const roll = ['Well the clerk please call the roll on the passage of the bill Peterson.', 'All right, so what?', 'Yes Strauss.', 'Yes, purple, yes Louis.'];
    const again = ['I want to ask the clerk to please call the roll on the passage of the bill Peterson.', 'Hi, so what No Strauss.', 'Yes, purple yes, Louis.'];
    const sentences = splitSentences(segments([...roll, 'We move on.', ...again]));
    expect([...rollCallNames(sentences)].sort()).toEqual(['Louis', 'Strauss']);
    // Two called names heard as one run ("Gonzalez Lewis") are two people.
    expect(findNames('For both Gonzalez Lewis and others.', new Set(), new Set(['Gonzalez', 'Lewis'])).map((n) => n.name)).toEqual(['Gonzalez', 'Lewis']);
  });

  it('lists one person once under the spellings speech-to-text gives (KNOX 0:02:06, 0:03:55, 0:13:49)', () => {
    const names = people(['Councilman Starr. Here.', 'First I want to say happy birthday to Councilman Stair.', "I'm Councilman Stare.", 'Councilwoman Singh-Perez.', 'Councilman Singh Perez. Here.']);
    expect(names.filter((n) => /St(?:a|ai)r/.test(n))).toHaveLength(1);
    expect(names.filter((n) => /Singh/.test(n))).toHaveLength(1);
    expect(names.find((n) => /St(?:a|ai)r/.test(n))).not.toMatch(/Stare/);
  });

  it('never merges two people nor renames a member after one misheard full name (GSR 324 s, 9890 s)', () => {
    const names = people([
      'I want to recognize co-sponsors of this resolution, thank you councilmember Lewis.',
      'Councilmember Lewis, you are recognized.',
      'Thank you, Councilmember Lewis.',
      'Councilmember Lewis moved the amendment.',
      'Thanks again because Marvin Lewis.',
      'Councilmember Morales and Councilmember Mosqueda spoke.',
    ]);
    expect(names).toContain('Councilmember Lewis');
    expect(names).not.toContain('Marvin Lewis');
    expect(names).toEqual(expect.arrayContaining(['Councilmember Morales', 'Councilmember Mosqueda']));
  });
});

/** A whole development meeting read as the product reads it: its model, analysis and story. */
function readMeeting(file: string, title: string, cityName: string) {
  const parsed = parseTranscriptFile(readFileSync(path.join(REAL ?? '', file), 'utf8'), { filename: file });
  const input = { segments: parsed.segments, title, now, cityName, timed: parsed.timed };
  const analysis = analyzeTranscript(input);
  return { model: buildMeetingModel(input.segments, title), analysis, story: writeStory({ analysis, ...input }) };
}

const spokenBy = (sentences: ReadonlyArray<{ text: string; speaker: string | null }>, text: string) => sentences.find((s) => s.text.includes(text))?.speaker;

describe.skipIf(!REAL)('speakers and names in whole meetings (issue 23)', () => {
  it('names the members answering the roll call and the applicants introducing themselves, and no one from caption tags (BEER)', () => {
    const { model, analysis } = readMeeting('knoxville-tn_2020-11-17_beer-board_whisper-table.md', 'Beer Brd R 293 201117', 'Knoxville');
    const answer = model.sentences.findIndex((s) => s.text === 'Councilman Fugate.') + 1;
    expect(model.sentences[answer]).toMatchObject({ text: 'Here.', speaker: 'Councilman Fugate' });
    expect(spokenBy(model.sentences, 'B-A-B-I-N')).toBe('Jacqueline Babin');
    expect(spokenBy(model.sentences, 'This is Will Cheek.')).toBe('Will Cheek');
    expect(spokenBy(model.sentences, 'My name is Savannah Carter')).toBe('Savannah Carter');
    // Still a transcript without speaker labels: only what the words say is credited.
    expect(model.speakers.size).toBe(0);
    expect(model.sentences.some((s) => /\b(?:MCKINNEY|STEINWALD|TESTAMENT)\b|^MR\.$/.test(s.text))).toBe(false);
    const people = analysis.entities.filter((e) => e.type === 'person').map((e) => e.name);
    expect(people).toEqual(expect.arrayContaining(['Councilman Fugate', 'Vice Mayor McKenzie', 'Jacqueline Babin', 'Holly Hambright', 'Savannah Carter', 'Daniel Wilson', 'Eric Ramos']));
    for (const name of people) expect(name).not.toMatch(/\b[A-Z]{2,}\b/);
  });

  it('names a member by the office they give and a speaker by their address line, never one heard only as a first name (KNOX)', () => {
    const { model, analysis } = readMeeting('knoxville_2018-07-03_city-council_whisper-transcript.md', 'City Council R 265 180703', 'Knoxville');
    expect(spokenBy(model.sentences, "I'm Councilman Stare.")).toBe('Councilman Stare');
    expect(spokenBy(model.sentences, 'Larry Silverstein, 7808 Sheffield Drive.')).toBe('Larry Silverstein');
    const roll = model.sentences.findIndex((s) => s.text === 'Councilman Singh Perez.');
    expect(model.sentences[roll + 1]).toMatchObject({ text: 'Here.', speaker: 'Councilman Singh Perez' });
    const people = analysis.entities.filter((e) => e.type === 'person').map((e) => e.name);
    expect(people).toEqual(expect.arrayContaining(['Commissioner Carringer', 'Larry Silverstein', 'Jim Hagerman']));
    expect(people).not.toContain('Lynn');
  });

  it('re-cases lower-case captions: the clerk stays "Mr. Clark", councilors are named, stray capitals are lowered (BOS)', () => {
    const { model, analysis, story } = readMeeting('boston-ma_2022-05-25_city-council_captions.vtt', 'Boston City Council Meeting 5/25/22', 'Boston');
    expect(model.sentences.some((s) => s.text.startsWith('Mr. Clark, would you please call the roll'))).toBe(true);
    const names = analysis.entities.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Councilor Breadon', 'Councilor Murphy', 'Councilor Mejia', 'Councilor Arroyo', 'Massachusetts']));
    for (const name of names) expect(name).not.toMatch(/\b(?:MAY|MARCH|JANUARY|PRESIDENT|MR|DR)\b/);
    expect(story.article.body).not.toMatch(/\bMAY\b|\bMR\./);
    expect(model.recased).toBe(false);
  });
});
