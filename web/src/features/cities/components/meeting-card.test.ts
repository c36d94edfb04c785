import { describe, expect, it } from 'vitest';
import { summaryPreview, watchLinkOf } from './meeting-card.js';

describe('meeting card helpers', () => {
  it('keeps a short summary whole and cuts a long one at a word within 100 characters', () => {
    expect(summaryPreview('  Short summary.  ')).toBe('Short summary.');
    const long = 'We direct staff to return with the final 2026-27 budget and the Local Control and Accountability Plan by June.';
    const preview = summaryPreview(long);
    expect(preview).toBe('We direct staff to return with the final 2026-27 budget and the Local Control and Accountability…');
    expect(preview.length).toBeLessThanOrEqual(101);
    expect(summaryPreview('x'.repeat(150))).toBe(`${'x'.repeat(100)}…`);
    expect(summaryPreview(`${'word '.repeat(19)}and, more text follows here`)).toBe(`${'word '.repeat(19)}and…`);
  });

  it('links out only over http(s), else to the watch page of the video id', () => {
    expect(watchLinkOf({ video_url: 'https://youtu.be/abc', video_id: 'abc' })).toBe('https://youtu.be/abc');
    expect(watchLinkOf({ video_url: 'javascript:alert(1)', video_id: 'abc' })).toBe('https://www.youtube.com/watch?v=abc');
    expect(watchLinkOf({ video_url: null, video_id: 'abc' })).toBe('https://www.youtube.com/watch?v=abc');
  });
});
