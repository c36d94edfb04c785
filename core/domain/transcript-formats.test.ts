/** parseTranscriptFile on captions (WebVTT, SRT) and on input it refuses; JSON and text: the -json and -text test files. */
import { describe, it, expect } from 'vitest';
import { parseTranscriptFile } from './transcript-formats.js';
import { expectFormatError } from '../testing/expect-format-error.js';

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
