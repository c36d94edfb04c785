/** parseTranscriptFile on text: plain prose and timestamped lines. */
import { describe, it, expect } from 'vitest';
import { parseTranscriptFile } from './transcript-formats.js';

describe('plain text', () => {
  it('places lines by word position at 150 words a minute and marks them untimed', () => {
    const parsed = parseTranscriptFile('Call to order.\n\nThe clerk will call the roll.\n');
    expect(parsed).toEqual({
      format: 'plain-text',
      timed: false,
      segments: [
        { start_ms: 0, end_ms: 1200, speaker: null, text: 'Call to order.' },
        { start_ms: 1200, end_ms: 3600, speaker: null, text: 'The clerk will call the roll.' },
      ],
    });
  });

  it('reads "Speaker: text" labels and carries them to unlabelled lines', () => {
    const text = [
      'Fairview City Council, June 3',
      'MAYOR LEE: Good evening.',
      'We have a full agenda.',
      'Council Member 2: Thank you, Mayor.',
      'We agreed on this: the budget comes first.',
      'At 9:30 we recessed.',
    ].join('\n');
    expect(parseTranscriptFile(text).segments.map((s) => [s.speaker, s.text])).toEqual([
      [null, 'Fairview City Council, June 3'],
      ['MAYOR LEE', 'Good evening.'],
      ['MAYOR LEE', 'We have a full agenda.'],
      ['Council Member 2', 'Thank you, Mayor.'],
      ['Council Member 2', 'We agreed on this: the budget comes first.'],
      ['Council Member 2', 'At 9:30 we recessed.'],
    ]);
  });

  it('cuts a long paragraph at sentence ends into pieces of about 40 words', () => {
    const sentence = 'One two three four five six seven eight nine ten.';
    const parsed = parseTranscriptFile(Array.from({ length: 10 }, () => sentence).join(' '));
    expect(parsed.segments.map((s) => s.text.split(' ').length)).toEqual([40, 40, 20]);
    expect(parsed.segments[2]?.start_ms).toBe(80 * 400);
  });

  it('treats "[Music]" openings as text, not JSON', () => {
    expect(parseTranscriptFile('[Music]\nWelcome back.').segments).toHaveLength(2);
  });
});

describe('timestamped text', () => {
  it('reads transcript-panel copies with times on their own lines or inline', () => {
    const text = '0:05\nGood evening.\n0:09\nMAYOR LEE: Roll call please.\n[1:00:02] Adjourned.';
    const parsed = parseTranscriptFile(text);
    expect(parsed.format).toBe('timestamped-text');
    expect(parsed.timed).toBe(true);
    expect(parsed.segments).toEqual([
      { start_ms: 5000, end_ms: 9000, speaker: null, text: 'Good evening.' },
      { start_ms: 9000, end_ms: 3_602_000, speaker: 'MAYOR LEE', text: 'Roll call please.' },
      { start_ms: 3_602_000, end_ms: 3_602_400, speaker: 'MAYOR LEE', text: 'Adjourned.' },
    ]);
  });

  it('reads a Markdown table\'s time column as the times the words were said (Knoxville 2018-07-03, rows 0:02:13-0:02:25)', () => {
    const table = [
      '## [City Council R 265 180703](https://archive.org/details/CityCouncilR265180703)',
      '### 2018-07-03',
      '| Time| Transcript| Video|',
      '|---------|---------|---------|',
      '| 0:02:13| Thank you. All are present so we have a quorum.| [source video](https://archive.org/details/CityCouncilR265180703?start=133)|',
      '| 0:02:20| So moved. We have a motion and a second.| [source video](https://archive.org/details/CityCouncilR265180703?start=140)|',
      '| 0:02:25| Any opposed? The minutes are approved.| [source video](https://archive.org/details/CityCouncilR265180703?start=145)|',
    ].join('\n');
    const parsed = parseTranscriptFile(table, { filename: 'meeting.md' });
    expect(parsed).toMatchObject({ format: 'timestamped-text', timed: true });
    expect(parsed.segments).toEqual([
      { start_ms: 133_000, end_ms: 140_000, speaker: null, text: 'Thank you. All are present so we have a quorum.' },
      { start_ms: 140_000, end_ms: 145_000, speaker: null, text: 'So moved. We have a motion and a second.' },
      { start_ms: 145_000, end_ms: 147_400, speaker: null, text: 'Any opposed? The minutes are approved.' },
    ]);
  });

  it('reads a table whose times go back, or with a row of prose, as plain text', () => {
    expect(parseTranscriptFile('| 0:05| Good evening.|\n| 0:01| Earlier.|').format).toBe('plain-text');
    expect(parseTranscriptFile('| 0:05| Good evening.|\nA line of prose.\n| 0:09| Later.|').format).toBe('plain-text');
  });

  it('falls back to plain text when times go backwards', () => {
    expect(parseTranscriptFile('9:30 we began\n1:00 we ended').format).toBe('plain-text');
  });
});
