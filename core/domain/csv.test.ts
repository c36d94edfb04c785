import { describe, expect, it } from 'vitest';
import { csvRow } from './csv.js';

describe('csvRow', () => {
  it('quotes what needs quoting, doubles quotes and ends the record with CRLF', () => {
    expect(csvRow(['plain', 'a, b', 'say "aye"', 'two\nlines', 5, null, true])).toBe('plain,"a, b","say ""aye""","two\nlines",5,,true\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvRow(['=HYPERLINK("http://x.test")', '+1', '-2', '@SUM(A1)', 'ok'])).toBe(`"'=HYPERLINK(""http://x.test"")",'+1,'-2,'@SUM(A1),ok\r\n`);
    // Numbers are numbers: a negative tally is not text to defuse.
    expect(csvRow([-2])).toBe('-2\r\n');
  });
});
