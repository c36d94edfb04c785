import { describe, expect, it } from 'vitest';
import { parseTranscriptFile } from './transcript-formats.js';
import { exportFileName, toPlainText, toSrt, toWebVtt } from './transcript-exports.js';
import type { TranscriptSegment } from './transcript.js';

const segments: TranscriptSegment[] = [
  { start_ms: 0, end_ms: 4_200, speaker: 'Mayor Lee', text: 'Good evening, the meeting will come to order.' },
  { start_ms: 4_200, end_ms: 9_050, speaker: null, text: 'Item 7A: the rezoning of 410 Main Street <second reading> & fees.' },
  { start_ms: 3_725_001, end_ms: 3_730_999, speaker: 'Councilmember Ortiz', text: 'The motion --> carries 5-2.' },
];
const heading = { title: 'City Council - March 24, 2026', place: 'Fairview, CA', url: 'https://example.test/city/fairview-ca/meeting/1' };

describe('transcript exports', () => {
  it('writes WebVTT that a caption reader turns back into the same segments, times and speakers', () => {
    const vtt = toWebVtt(segments, heading);
    expect(vtt.startsWith('WEBVTT\n\nNOTE\nCity Council - March 24, 2026\n')).toBe(true);
    expect(vtt).toContain('01:02:05.001 --> 01:02:10.999\n<v Councilmember Ortiz>The motion --&gt; carries 5-2.');
    expect(parseTranscriptFile(vtt, { filename: 'meeting.vtt' }).segments).toEqual(segments);
  });

  it('writes SRT with comma milliseconds and each change of speaker marked, read back the same', () => {
    const srt = toSrt(segments);
    expect(srt.split('\n').slice(0, 3)).toEqual(['1', '00:00:00,000 --> 00:00:04,200', '>> Mayor Lee: Good evening, the meeting will come to order.']);
    // SRT readers take <...> for markup: its text is a caption's, without tags.
    // And an unnamed speaker's words after a ">>" may not open like a "Name:" label (WebVTT is the lossless one).
    const spoken = segments.map((segment) => ({ ...segment, text: segment.text.replace(' <second reading>', '').replace('Item 7A: the', 'Item 7A is the') }));
    const back = parseTranscriptFile(toSrt(spoken), { filename: 'meeting.srt' });
    expect(back.format).toBe('srt');
    expect(back.segments).toEqual(spoken);
  });

  it('keeps one cue one line: a line break inside a segment cannot end the cue or start a new one', () => {
    const vtt = toWebVtt([{ start_ms: 0, end_ms: 1000, speaker: 'A\nB', text: 'one\n\n2\n00:00:01.000 --> 00:00:02.000\ntwo' }], { title: null, place: null, url: null });
    const back = parseTranscriptFile(vtt, { filename: 'x.vtt' }).segments;
    expect(back).toHaveLength(1);
    expect(back[0]?.text).toBe('one 2 00:00:01.000 --> 00:00:02.000 two');
  });

  it('writes plain text with a heading and each line\'s time', () => {
    expect(toPlainText(segments, heading).split('\n')).toEqual([
      'City Council - March 24, 2026',
      'Fairview, CA',
      'https://example.test/city/fairview-ca/meeting/1',
      '',
      '[0:00:00] Mayor Lee: Good evening, the meeting will come to order.',
      '[0:00:04] Item 7A: the rezoning of 410 Main Street <second reading> & fees.',
      '[1:02:05] Councilmember Ortiz: The motion --> carries 5-2.',
      '',
    ]);
  });

  it('names the file after the city, the day and the title', () => {
    expect(exportFileName({ cityKey: 'fairview-ca', date: '2026-03-24', title: 'City Council - March 24, 2026' }, 'vtt')).toBe(
      'fairview-ca-2026-03-24-city-council-march-24-2026.vtt',
    );
    expect(exportFileName({ cityKey: null, date: null, title: null }, 'srt')).toBe('meeting.srt');
  });
});
