import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDTH, formatTable, outputWidth, wrapToWidth } from './table.js';

const longest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('formatTable', () => {
  it('pads columns to their widest cell when the table fits', () => {
    expect(formatTable(['KEY', 'NAME'], [['a', 'Alpha'], ['bb', 'B']], { width: 80 })).toBe('KEY  NAME\na    Alpha\nbb   B');
  });

  it('cuts only the columns it may, widest first, to fit the width', () => {
    const rows = [['fairview-ca', `Fairview ${'Heights '.repeat(10)}`.trim(), 'fetching the channel feed failed after 3 attempts with backoff: ECONNRESET']];
    const table = formatTable(['KEY', 'NAME', 'LAST ERROR'], rows, { width: 80, cut: { 1: 'end', 2: 'cause' } });
    expect(longest(table)).toBeLessThanOrEqual(80);
    const row = table.split('\n')[1] ?? '';
    expect(row.startsWith('fairview-ca  Fairview Heights')).toBe(true);
    expect(row).toContain('…');
    expect(row.endsWith('…: ECONNRESET')).toBe(true);
  });

  it('never cuts a column it was not allowed to', () => {
    const id = '440a2ca7-9d1f-46b9-878a-731c99f19968';
    const table = formatTable(['ID', 'ID2', 'ID3'], [[id, id, id]], { width: 80 });
    expect(table.split('\n')[1]).toBe(`${id}  ${id}  ${id}`);
  });
});

describe('wrapToWidth', () => {
  it('wraps long lines at spaces under their own indent, losing nothing', () => {
    const line = `    analysis abc (2×): ${'the model answered with a refusal '.repeat(4)}end`;
    const wrapped = wrapToWidth(line, 80);
    expect(longest(wrapped)).toBeLessThanOrEqual(80);
    expect(wrapped.split('\n')[1]).toMatch(/^ {6}\S/);
    expect(wrapped.replace(/\s+/g, ' ')).toBe(line.replace(/\s+/g, ' '));
  });

  it('splits a word longer than the line', () => {
    const wrapped = wrapToWidth(`  https://example.test/${'a'.repeat(120)}`, 80);
    expect(longest(wrapped)).toBeLessThanOrEqual(80);
    expect(wrapped.replace(/\s+/g, '')).toBe(`https://example.test/${'a'.repeat(120)}`);
  });
});

describe('outputWidth', () => {
  it("is a terminal's width, else 80", () => {
    expect(outputWidth({ isTTY: true, columns: 132 })).toBe(132);
    expect(outputWidth({ isTTY: false, columns: 132 })).toBe(DEFAULT_WIDTH);
    expect(outputWidth({ isTTY: true, columns: 0 })).toBe(DEFAULT_WIDTH);
  });
});
