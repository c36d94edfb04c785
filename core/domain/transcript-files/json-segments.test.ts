import { describe, expect, it } from 'vitest';
import { parseTranscriptFile, TranscriptFormatError } from '../transcript-formats.js';

// Diarized JSON through the product's one parser, with small samples written for these tests.

function refusal(content: string): string {
  try {
    parseTranscriptFile(content, { filename: 'meeting.json' });
  } catch (error) {
    expect(error).toBeInstanceOf(TranscriptFormatError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('diarized JSON', () => {
  it('reads WhisperX {segments, word_segments} in seconds, with a speaker missing on one segment', () => {
    const whisperx = {
      segments: [
        { start: 1.23, end: 4.5, text: ' Good evening.', speaker: 'SPEAKER_00', words: [{ word: 'Good', start: 1.23, end: 1.5, speaker: 'SPEAKER_00' }] },
        { start: 4.5, end: 6.01, text: ' Roll call, please.', words: [] },
        { start: 6.2, end: 8, text: ' Here.', speaker: 'SPEAKER_01', words: [] },
      ],
      word_segments: [{ word: 'Good', start: 1.23, end: 1.5 }],
    };
    const parsed = parseTranscriptFile(JSON.stringify(whisperx));
    expect(parsed).toMatchObject({ format: 'json-seconds', timed: true });
    expect(parsed.segments).toEqual([
      { start_ms: 1230, end_ms: 4500, speaker: 'SPEAKER_00', text: 'Good evening.' },
      { start_ms: 4500, end_ms: 6010, speaker: null, text: 'Roll call, please.' },
      { start_ms: 6200, end_ms: 8000, speaker: 'SPEAKER_01', text: 'Here.' },
    ]);
  });

  it('reads {turns} with clock-string or numeric times and speaker, speaker_label or speaker_name', () => {
    const turns = {
      turns: [
        { start: 12.0, end: 15.5, text: 'I move to approve.', speaker: 'Councilmember Lee' },
        { start: '00:00:15.500', end: '00:00:17.250', text: 'Second.', speaker_label: 'SPEAKER_02' },
        { start: '1:02:03.5', end: 3725, text: 'All in favor?', speaker_name: 'Mayor Ortiz', speaker: 'SPEAKER_00' },
      ],
    };
    const parsed = parseTranscriptFile(JSON.stringify(turns));
    expect(parsed.format).toBe('json-seconds');
    expect(parsed.segments).toEqual([
      { start_ms: 12_000, end_ms: 15_500, speaker: 'Councilmember Lee', text: 'I move to approve.' },
      { start_ms: 15_500, end_ms: 17_250, speaker: 'SPEAKER_02', text: 'Second.' },
      { start_ms: 3_723_500, end_ms: 3_725_000, speaker: 'Mayor Ortiz', text: 'All in favor?' },
    ]);
  });

  it('reads a top-level array of such segments, integer seconds staying seconds', () => {
    const rows = [
      { start: 0, end: 95, text: 'A long public comment.', speaker_label: 'SPEAKER_03' },
      { start: 95, end: 97, text: 'Thank you.', speaker_label: 'SPEAKER_00' },
    ];
    expect(parseTranscriptFile(JSON.stringify(rows)).segments.map((s) => [s.start_ms, s.end_ms, s.speaker])).toEqual([
      [0, 95_000, 'SPEAKER_03'],
      [95_000, 97_000, 'SPEAKER_00'],
    ]);
  });

  it('reads AssemblyAI {utterances} in milliseconds, and in seconds when a time has a fraction', () => {
    const assembly = {
      text: 'Good evening. Here.',
      utterances: [
        { start: 1200, end: 3400, text: 'Good evening.', speaker: 'A', confidence: 0.9, words: [] },
        { start: 3600, end: 4100, text: 'Here.', speaker: 'B', confidence: 0.8, words: [] },
      ],
    };
    const parsed = parseTranscriptFile(JSON.stringify(assembly));
    expect(parsed.format).toBe('json-milliseconds');
    expect(parsed.segments).toEqual([
      { start_ms: 1200, end_ms: 3400, speaker: 'A', text: 'Good evening.' },
      { start_ms: 3600, end_ms: 4100, speaker: 'B', text: 'Here.' },
    ]);
    const inSeconds = { utterances: [{ start: 1.2, end: 3, text: 'Good evening.', speaker: 'A' }] };
    const seconds = parseTranscriptFile(JSON.stringify(inSeconds));
    expect(seconds.format).toBe('json-seconds');
    expect(seconds.segments[0]).toMatchObject({ start_ms: 1200, end_ms: 3000 });
  });

  it('trims speaker labels, folds their spaces, caps them at 80 characters and drops empty ones', () => {
    const rows = [
      { start: 0, end: 1, text: 'One.', speaker: '  SPEAKER_00\n' },
      { start: 1, end: 2, text: 'Two.', speaker: 'x'.repeat(200) },
      { start: 2, end: 3, text: 'Three.', speaker: '   ' },
      { start: 3, end: 4, text: 'Four.', speaker: 'Council   member\tLee' },
    ];
    expect(parseTranscriptFile(JSON.stringify({ turns: rows })).segments.map((s) => s.speaker)).toEqual([
      'SPEAKER_00', 'x'.repeat(80), null, 'Council member Lee',
    ]);
  });

  it.each([
    ['{"title": "Council", "speakers": ["A", "B"]}', /^JSON is not a transcript: expected .*\{turns\}, \{utterances\}/],
    ['{"utterances": null, "text": "hi"}', /^JSON is not a transcript/],
    ['{"turns": []}', /^the JSON transcript has no turns$/],
    ['{"utterances": ["hi"]}', /^the JSON transcript has no utterance objects$/],
    ['{"turns": [{"text": "a", "begin": 1}]}', /^JSON turns need start_ms, offset or start times$/],
    ['{"turns": [{"text": "a", "start": "soon"}]}', /^JSON turn 0 field start: /],
    ['{"utterances": [{"text": "a", "start": 1, "speaker": 7}]}', /^JSON utterance 0 field speaker: /],
  ])('refuses %s with one line', (content, message) => {
    const text = refusal(content);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});
