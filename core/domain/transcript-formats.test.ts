import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import {
  TranscriptFormatError,
  offsetsInMilliseconds,
  parseTranscriptFile,
} from './transcript-formats.js';
import { realFixtures } from '../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

function readRealFixture(name: string): string {
  return readFileSync(path.join(REAL ?? '', name), 'utf8');
}

function expectFormatError(run: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(TranscriptFormatError);
  const text = (caught as Error).message;
  expect(text).toMatch(message);
  expect(text).not.toContain('\n');
}

describe('WebVTT', () => {
  const vtt = [
    'WEBVTT - Fairview council',
    'Kind: captions',
    '',
    'NOTE recorded by the clerk',
    'and spanning two lines',
    '',
    'STYLE',
    '::cue { color: yellow }',
    '',
    'intro',
    '00:00:01.000 --> 00:00:04.500 align:start position:10%',
    '<v Mayor Lee>Good evening &amp; welcome</v>',
    '',
    '2',
    '00:00:04.500 --> 00:00:09.000',
    '<v.loud Clerk Ruiz>Item one is the <i>budget</i>,',
    '<c.yellow>Smith&#39;s</c> &quot;plan&quot;.',
    '',
    '01:02.000 --> 01:03.250',
    '<00:01:02.100>No <b>voice</b> here',
  ].join('\n');

  it('reads cues, ids, voice tags, markup, NOTE/STYLE blocks and short timestamps', () => {
    const parsed = parseTranscriptFile(vtt);
    expect(parsed.format).toBe('webvtt');
    expect(parsed.timed).toBe(true);
    expect(parsed.segments).toEqual([
      { start_ms: 1000, end_ms: 4500, speaker: 'Mayor Lee', text: 'Good evening & welcome' },
      { start_ms: 4500, end_ms: 9000, speaker: 'Clerk Ruiz', text: 'Item one is the budget, Smith\'s "plan".' },
      { start_ms: 62_000, end_ms: 63_250, speaker: null, text: 'No voice here' },
    ]);
  });

  it('reads CRLF files with a byte-order mark', () => {
    const parsed = parseTranscriptFile(`\uFEFF${vtt.replace(/\n/g, '\r\n')}`);
    expect(parsed.segments).toHaveLength(3);
  });

  it('folds the rolling lines of auto-generated captions into one copy each', () => {
    const rolling = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:02.000',
      'the meeting will<00:00:00.500><c> come</c><00:00:01.000><c> to order</c>',
      '',
      '00:00:02.000 --> 00:00:02.010',
      'the meeting will come to order',
      '',
      '00:00:02.010 --> 00:00:04.000',
      'the meeting will come to order',
      'please rise for the pledge',
      '',
      '00:00:04.000 --> 00:00:04.010',
      'please rise for the pledge',
    ].join('\n');
    expect(parseTranscriptFile(rolling).segments.map((s) => s.text)).toEqual([
      'the meeting will come to order',
      'please rise for the pledge',
    ]);
  });

  it('keeps identical consecutive cues that are real speech', () => {
    const votes = 'WEBVTT\n\n00:10.000 --> 00:11.000\nAye.\n\n00:11.000 --> 00:12.000\nAye.\n';
    expect(parseTranscriptFile(votes).segments.map((s) => s.text)).toEqual(['Aye.', 'Aye.']);
  });

  it('strips the >> speaker-change marks of broadcast captions', () => {
    const marked = 'WEBVTT\n\n00:01.000 --> 00:02.000\n&gt;&gt; Thank you, chair.\n';
    expect(parseTranscriptFile(marked).segments[0]?.text).toBe('Thank you, chair.');
  });

  it('makes ">> NAME:" labels the speaker until the next ">>" mark, in WebVTT and SRT', () => {
    const vtt = [
      'WEBVTT', '',
      '00:01.000 --> 00:03.000', '&gt;&gt; MAYOR LEE: Good evening.', '',
      '00:03.000 --> 00:05.000', 'Please be seated.', '',
      '00:05.000 --> 00:08.000', 'Thank you all.', '>> CLERK RUIZ: Item one.', '',
      '00:08.000 --> 00:09.000', '>> Can you hear me?', '',
    ].join('\n');
    expect(parseTranscriptFile(vtt).segments).toEqual([
      { start_ms: 1000, end_ms: 3000, speaker: 'MAYOR LEE', text: 'Good evening.' },
      { start_ms: 3000, end_ms: 5000, speaker: 'MAYOR LEE', text: 'Please be seated.' },
      { start_ms: 5000, end_ms: 8000, speaker: 'MAYOR LEE', text: 'Thank you all.' },
      { start_ms: 5000, end_ms: 8000, speaker: 'CLERK RUIZ', text: 'Item one.' },
      { start_ms: 8000, end_ms: 9000, speaker: null, text: 'Can you hear me?' },
    ]);
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n>> SPEAKER 2: Aye.\n\n2\n00:00:02,000 --> 00:00:03,000\nAnd I support it.\n';
    expect(parseTranscriptFile(srt).segments.map((s) => [s.speaker, s.text])).toEqual([
      ['SPEAKER 2', 'Aye.'],
      ['SPEAKER 2', 'And I support it.'],
    ]);
  });

  it('treats headerless cues with dot milliseconds as WebVTT', () => {
    const parsed = parseTranscriptFile('00:00:01.000 --> 00:00:02.000\nHello\n');
    expect(parsed.format).toBe('webvtt');
    expect(parsed.segments).toEqual([{ start_ms: 1000, end_ms: 2000, speaker: null, text: 'Hello' }]);
  });

  it('rejects a WebVTT file without cues', () => {
    expectFormatError(() => parseTranscriptFile('WEBVTT\n\nNOTE nothing yet\n'), /no WebVTT cues/);
  });
});

describe('SRT', () => {
  const srt = [
    '1',
    '00:00:01,000 --> 00:00:03,500',
    'Call to order.',
    '',
    '2',
    '00:00:03,500 --> 00:00:07,250',
    '{\\an8}<i>Roll call:</i>',
    'Council member Diaz &amp; Park',
    '',
    '3',
    '01:00:00,000 --> 01:00:02,000',
    'Adjourned.',
    '',
  ].join('\n');

  it('reads numbered cues with comma milliseconds and multi-line text', () => {
    const parsed = parseTranscriptFile(srt);
    expect(parsed.format).toBe('srt');
    expect(parsed.segments).toEqual([
      { start_ms: 1000, end_ms: 3500, speaker: null, text: 'Call to order.' },
      { start_ms: 3500, end_ms: 7250, speaker: null, text: 'Roll call: Council member Diaz & Park' },
      { start_ms: 3_600_000, end_ms: 3_602_000, speaker: null, text: 'Adjourned.' },
    ]);
  });

  it('handles CRLF line endings and blank lines holding spaces', () => {
    const parsed = parseTranscriptFile(srt.replace(/\n\n/g, '\n   \n').replace(/\n/g, '\r\n'));
    expect(parsed.segments).toHaveLength(3);
  });

  it('rejects a .srt file without cues', () => {
    expectFormatError(
      () => parseTranscriptFile('just some words', { filename: 'meeting.SRT' }),
      /no SRT cues/,
    );
  });
});

describe('JSON arrays', () => {
  it('reads {text, start, duration} in seconds', () => {
    const json = JSON.stringify([
      { text: 'Good evening', start: 0.5, duration: 2.25 },
      { text: 'Roll call &amp;#39;please&amp;#39;', start: 2.75, duration: 3 },
    ]);
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-seconds');
    expect(parsed.segments).toEqual([
      { start_ms: 500, end_ms: 2750, speaker: null, text: 'Good evening' },
      { start_ms: 2750, end_ms: 5750, speaker: null, text: "Roll call 'please'" },
    ]);
  });

  it('reads youtube-transcript srv3 output (integer milliseconds)', () => {
    const json = JSON.stringify([
      { text: 'Good evening', offset: 1200, duration: 2400, lang: 'en' },
      { text: 'welcome', offset: 3600, duration: 1800, lang: 'en' },
    ]);
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-milliseconds');
    expect(parsed.segments.map((s) => [s.start_ms, s.end_ms])).toEqual([[1200, 3600], [3600, 5400]]);
  });

  it('reads youtube-transcript classic output (decimal seconds)', () => {
    const json = JSON.stringify([
      { text: 'Good evening', offset: 1.2, duration: 2.4, lang: 'en' },
      { text: 'welcome', offset: 3.6, duration: 1.8, lang: 'en' },
    ]);
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-seconds');
    expect(parsed.segments.map((s) => [s.start_ms, s.end_ms])).toEqual([[1200, 3600], [3600, 5400]]);
  });

  it('decides the offset unit by integers and plausible caption lengths', () => {
    expect(offsetsInMilliseconds([{ offset: 0, duration: 5 }, { offset: 5, duration: 4 }])).toBe(false);
    expect(offsetsInMilliseconds([{ offset: 0, duration: 4000 }])).toBe(true);
    expect(offsetsInMilliseconds([{ offset: 40_000, duration: 0 }])).toBe(true);
    expect(offsetsInMilliseconds([{ offset: 7200.5, duration: 3 }])).toBe(false);
    expect(offsetsInMilliseconds([{ offset: 100, duration: 61 }])).toBe(true);
    expect(offsetsInMilliseconds([])).toBe(false);
  });

  it('reads {segments: [...]} wrappers and our own start_ms segments with speakers', () => {
    const json = JSON.stringify({
      segments: [{ start_ms: 0, end_ms: 1500, speaker: 'Mayor', text: 'Welcome.' }],
    });
    const parsed = parseTranscriptFile(json);
    expect(parsed.format).toBe('json-segments');
    expect(parsed.segments).toEqual([{ start_ms: 0, end_ms: 1500, speaker: 'Mayor', text: 'Welcome.' }]);
  });

  it('uses an explicit end, skips empty texts and never ends before the start', () => {
    const json = JSON.stringify([
      { text: 'a', start: 1, end: 2 },
      { text: '  \n ', start: 2, duration: 1 },
      { text: 'b', start: 3, end: 2 },
    ]);
    expect(parseTranscriptFile(json, { filename: 'x.json' }).segments).toEqual([
      { start_ms: 1000, end_ms: 2000, speaker: null, text: 'a' },
      { start_ms: 3000, end_ms: 3000, speaker: null, text: 'b' },
    ]);
  });
});

describe('CouncilDataProject JSON', () => {
  it.skipIf(!REAL)('reads the real timestamped-sentences file', () => {
    const parsed = parseTranscriptFile(readRealFixture('cdp_seattle_2019-06-25_committee_sentences.json'));
    expect(parsed.format).toBe('cdp-sentences');
    expect(parsed.segments).toHaveLength(377);
    expect(parsed.segments[0]).toMatchObject({ start_ms: 17_800, end_ms: 24_200, speaker: null });
    expect(parsed.segments[0]?.text).toMatch(/^Good morning, and welcome to the June 25th meeting/);
    expect(parsed.segments.at(-1)).toEqual({
      start_ms: 4_391_000, end_ms: 4_398_400, speaker: null, text: 'It is 10:52 a.m.',
    });
  });

  it.skipIf(!REAL)('groups the real timestamped-words file into sentences', () => {
    const raw = readRealFixture('cdp_seattle_2019-07-15_briefing_words.json');
    const parsed = parseTranscriptFile(raw);
    expect(parsed.format).toBe('cdp-words');
    expect(parsed.segments[0]).toEqual({ start_ms: 14_400, end_ms: 16_500, speaker: null, text: 'Okay.' });
    expect(parsed.segments[1]?.text).toBe('Good morning.');
    expect(parsed.segments.at(-1)?.text).toMatch(/adjourned\.$/);
    expect(parsed.segments.at(-1)?.end_ms).toBe(1_658_300);
    const words = parsed.segments.reduce((n, s) => n + s.text.split(' ').length, 0);
    expect(words).toBe((JSON.parse(raw) as { data: unknown[] }).data.length);
    for (const segment of parsed.segments) {
      expect(segment.text.split(' ').length).toBeLessThanOrEqual(80);
    }
  });

  it.skipIf(!REAL)('reads the real CDP v4 sentences file', () => {
    const parsed = parseTranscriptFile(readRealFixture('cdp_v4_seattle_briefing_transcript_clip.json'));
    expect(parsed.format).toBe('cdp-v4');
    expect(parsed.segments).toHaveLength(7);
    expect(parsed.segments[0]).toEqual({ start_ms: 1432, end_ms: 4297, speaker: null, text: 'Good morning.' });
    expect(parsed.segments.at(-1)?.end_ms).toBe(180_000);
  });

  it('keeps CDP v4 speaker names', () => {
    const json = JSON.stringify({
      sentences: [{ text: 'Thank you.', start_time: 1, end_time: 2, speaker_name: 'Bruce Harrell' }],
    });
    expect(parseTranscriptFile(json).segments[0]?.speaker).toBe('Bruce Harrell');
  });

  it('splits unpunctuated word streams every 80 words', () => {
    const data = Array.from({ length: 170 }, (_, i) => ({ text: 'word', start_time: i, end_time: i + 1 }));
    const parsed = parseTranscriptFile(JSON.stringify({ format: 'timestamped-words', data }));
    expect(parsed.segments.map((s) => s.text.split(' ').length)).toEqual([80, 80, 10]);
    expect(parsed.segments[1]).toMatchObject({ start_ms: 80_000, end_ms: 160_000 });
  });

  it('rejects other CDP formats', () => {
    expectFormatError(
      () => parseTranscriptFile(JSON.stringify({ format: 'raw', data: [] })),
      /unsupported CouncilDataProject transcript format "raw"/,
    );
  });
});

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

describe('bad input', () => {
  it.each([
    ['', /empty/],
    [' \n\t\n ', /empty/],
    ['\uFEFF', /empty/],
    ['PK\u0003\u0004\u0000\u0000binary', /binary/],
    ['\u0001\u0002\u0003\u0004\u0005garbage\uFFFD\uFFFD', /binary/],
    ['{"segments": [', /invalid JSON/],
    ['{"title": "Council", "items": 3}', /JSON is not a transcript/],
    ['[]', /no segments/],
    ['[1, 2, 3]', /no segment objects/],
    ['["a", "b"]', /no segment objects/],
    ['[{"words": "hi"}]', /need start_ms, offset or start/],
    ['[{"text": "ok", "start": 1}, {"text": "bad", "start": "2"}]', /JSON segment 1 field start/],
    ['[{"text": "neg", "offset": -5, "duration": 1}]', /JSON segment 0 field offset/],
    ['[{"text": "", "start": 1}]', /no text/],
    ['{"sentences": [{"text": "x"}]}', /JSON sentence 0 field start_time/],
  ])('%j is refused', (content, message) => {
    expectFormatError(() => parseTranscriptFile(content), message);
  });

  it('reads 300,000 youtube-transcript rows without overflowing the call stack', () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => ({ text: `line ${i}`, offset: i * 2000, duration: 2000 }));
    const parsed = parseTranscriptFile(JSON.stringify(rows));
    expect(parsed.format).toBe('json-milliseconds');
    expect(parsed.segments).toHaveLength(300_000);
  });

  it('refuses non-JSON content in a .json file', () => {
    expectFormatError(() => parseTranscriptFile('hello', { filename: 'a.json' }), /invalid JSON/);
  });
});
