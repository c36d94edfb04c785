import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { analyzeTranscript } from './analyze.js';
import { buildMeetingModel } from './meeting-model.js';
import { splitSentences } from './sentences.js';
import { nameSpeakers } from './speaker-names.js';
import { isDiarizerLabel } from './speakers.js';
import { writeStory } from './story.js';

/** One segment per line, two seconds apart; `[label, text]` pairs carry a speaker label. */
function segments(lines: ReadonlyArray<string | [string, string]>): TranscriptSegment[] {
  return lines.map((line, i) => {
    const [speaker, text] = typeof line === 'string' ? [null, line] : line;
    return { start_ms: i * 2000, end_ms: i * 2000 + 1500, speaker, text };
  });
}

const speakersOf = (lines: ReadonlyArray<string | [string, string]>) =>
  nameSpeakers(splitSentences(segments(lines))).sentences.map((sentence) => [sentence.speaker, sentence.text]);

describe('speakers named by the meeting\'s own words', () => {
  it('gives a roll-call answer to the member called (beer board 2020-11-17, 0:00:52-0:01:17)', () => {
    expect(speakersOf(['Mr. Johnson, please call the roll.', 'Councilman Fugate.', 'Here.', 'Councilman Singh.', 'Councilman Smith.', 'Here.', 'And Councilwoman Testerman?', 'Aye.'])).toEqual([
      [null, 'Mr. Johnson, please call the roll.'],
      [null, 'Councilman Fugate.'],
      ['Councilman Fugate', 'Here.'],
      [null, 'Councilman Singh.'],
      [null, 'Councilman Smith.'],
      ['Councilman Smith', 'Here.'],
      [null, 'And Councilwoman Testerman?'],
      ['Councilwoman Testerman', 'Aye.'],
    ]);
  });

  it('names no one from more than an answer, a late answer, or a call inside a longer sentence', () => {
    const late: TranscriptSegment[] = [
      { start_ms: 0, end_ms: 1000, speaker: null, text: 'Councilman Fugate.' },
      { start_ms: 30_000, end_ms: 31_000, speaker: null, text: 'Yes.' },
    ];
    expect(nameSpeakers(splitSentences(late)).sentences.map((s) => s.speaker)).toEqual([null, null]);
    expect(speakersOf(['Councilman Fugate.', 'Yes, I have a question about the permit.'])).toEqual([
      [null, 'Councilman Fugate.'],
      [null, 'Yes, I have a question about the permit.'],
    ]);
    expect(speakersOf(['I would like to thank Councilman Fugate.', 'Yes.'])).toEqual([
      [null, 'I would like to thank Councilman Fugate.'],
      [null, 'Yes.'],
    ]);
  });

  it('credits a self-introduction to the one who makes it, and only that sentence when no label says more', () => {
    expect(speakersOf(["My name is Savannah Carter, and it's 5227 Clinton Highway.", 'We sell beer.', 'I, Indya J. Kincannon, mayor of the City of Knoxville, do hereby proclaim.'])).toEqual([
      ['Savannah Carter', "My name is Savannah Carter, and it's 5227 Clinton Highway."],
      [null, 'We sell beer.'],
      ['Indya J. Kincannon', 'I, Indya J. Kincannon, mayor of the City of Knoxville, do hereby proclaim.'],
    ]);
  });

  it('credits no introduction a chair reads for someone else ("…, followed by …")', () => {
    expect(speakersOf(['Larry Silverstein, 7808 Sheffield Drive, followed by Ann Lee.', 'Larry Silverstein, 7808 Sheffield Drive.'])).toEqual([
      [null, 'Larry Silverstein, 7808 Sheffield Drive, followed by Ann Lee.'],
      ['Larry Silverstein', 'Larry Silverstein, 7808 Sheffield Drive.'],
    ]);
  });

  it('keeps labels that are names, whatever is said', () => {
    expect(speakersOf([['Mayor Elena Ruiz', 'My name is Meera Patel.'], ['Clerk', 'Councilmember Okafor.'], ['Mayor Elena Ruiz', 'Aye.']])).toEqual([
      ['Mayor Elena Ruiz', 'My name is Meera Patel.'],
      ['Clerk', 'Councilmember Okafor.'],
      ['Mayor Elena Ruiz', 'Aye.'],
    ]);
  });

  it('renames a diarizer label everywhere when all the evidence names one person, and no one else', () => {
    const named = speakersOf([
      ['SPEAKER_00', 'Will the clerk call the roll.'],
      ['SPEAKER_01', 'Councilmember Okafor?'],
      ['SPEAKER_02', 'Aye.'],
      ['SPEAKER_03', 'Good evening, my name is Meera Patel and I live on Birch Street.'],
      ['SPEAKER_03', 'The bus stops are dark.'],
      ['SPEAKER_02', 'I agree with her.'],
    ]);
    expect(named.map(([speaker]) => speaker)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'Councilmember Okafor', 'Meera Patel', 'Meera Patel', 'Councilmember Okafor']);
  });

  it('leaves a diarizer label that the evidence names two ways, or that shares its name with another label', () => {
    const conflicting = speakersOf([
      ['SPEAKER_01', 'Councilmember Okafor?'],
      ['SPEAKER_02', 'Aye.'],
      ['SPEAKER_01', 'Councilmember Ruiz?'],
      ['SPEAKER_02', 'Aye.'],
      ['SPEAKER_03', 'My name is Ann Lee.'],
      ['SPEAKER_04', 'For the record, my name is Ann Lee.'],
    ]);
    expect(new Set(conflicting.map(([speaker]) => speaker))).toEqual(new Set(['SPEAKER_01', 'SPEAKER_02', 'SPEAKER_03', 'SPEAKER_04']));
  });

  it('tells diarizer labels from names', () => {
    for (const label of ['SPEAKER_00', 'Speaker 2', 'spk_1', 'A', 'Unknown speaker']) expect(isDiarizerLabel(label), label).toBe(true);
    for (const label of ['Mayor Elena Ruiz', 'Clerk', 'Ann']) expect(isDiarizerLabel(label), label).toBe(false);
  });

  it('keeps an unlabelled transcript one without speakers for the story, its named sentences aside', () => {
    const model = buildMeetingModel(segments(['Councilman Fugate.', 'Here.', 'We have a quorum.']));
    expect(model.speakers.size).toBe(0);
    expect(model.sentences.map((s) => s.speaker)).toEqual([null, 'Councilman Fugate', null]);
  });
});

describe('what the analysis and story make of the names', () => {
  it('credits quotes to a diarizer label the meeting names, and the story names them', () => {
    const segments: TranscriptSegment[] = [
      ['SPEAKER_00', 'Good evening, my name is Meera Patel and I live on Birch Street near the new bus depot.'],
      ['SPEAKER_00', 'The bus stops on Birch Street are dark at night and the families there need lighting before winter.'],
      ['SPEAKER_01', 'Thank you for your comments tonight about the bus stops and the lighting on Birch Street.'],
    ].map(([speaker, text], i) => ({ start_ms: i * 10_000, end_ms: i * 10_000 + 9000, speaker: speaker ?? null, text: text ?? '' }));
    const input = { segments, now: new Date('2026-01-15T12:00:00Z') };
    const analysis = analyzeTranscript(input);
    const quoted = analysis.highlights.flatMap((h) => h.quotes).filter((q) => q.text.includes('dark at night'));
    expect(quoted.length).toBeGreaterThan(0);
    for (const quote of quoted) expect(quote.speaker).toBe('Meera Patel');
    expect(analysis.entities.map((e) => e.name)).toContain('Meera Patel');
    const body = writeStory({ analysis, ...input }).article.body;
    expect(body).toMatch(/Meera Patel/);
    expect(body).not.toMatch(/SPEAKER_00/);
  });

  it('says that only speakers who say who they are are credited in an unlabelled transcript', () => {
    const input = { segments: segments(['Councilman Fugate.', 'Here.', 'The permit for the market on Elm Street is approved, and the owner must post the notice.']), now: new Date('2026-01-15T12:00:00Z') };
    const notes = writeStory({ analysis: analyzeTranscript(input), ...input }).metadata.uncertainty_notes.join(' ');
    expect(notes).toMatch(/credited by name only where its speaker says who they are/);
  });
});
