import { describe, expect, it } from 'vitest';
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from './json-body.js';

const shape = (text: string) => jsonShapeProblem(Buffer.from(text, 'utf8'));
const nested = (levels: number) => `${'{"a":['.repeat(levels / 2)}1${']}'.repeat(levels / 2)}`;

describe('jsonShapeProblem', () => {
  it('takes bodies as deep as the limit and refuses one level more', () => {
    expect(shape(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(shape(`[${nested(MAX_JSON_DEPTH)}]`)).toBe('JSON body nested deeper than 64 levels');
    // Siblings do not add up: depth is how far down, not how many containers.
    expect(shape(`[${Array(100).fill(nested(MAX_JSON_DEPTH - 2)).join(',')}]`)).toBeUndefined();
  });

  it('counts values up to the limit, arrays, objects and members alike', () => {
    expect(shape(`[${Array(MAX_JSON_VALUES).fill('0').join(',')}]`)).toBeUndefined();
    expect(shape(`[${Array(MAX_JSON_VALUES + 1).fill('0').join(',')}]`)).toBe('JSON body holds more than 10000 values');
    const keys = Array.from({ length: MAX_JSON_VALUES + 1 }, (_, i) => `"k${i}":0`).join(',');
    expect(shape(`{${keys}}`)).toBe('JSON body holds more than 10000 values');
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ transcript: `${'[{,'.repeat(50_000)} "quoted \\" [[[ ` });
    expect(shape(text)).toBeUndefined();
    // An escaped quote does not end the string; an escaped backslash before a quote does.
    expect(shape(`["\\"${'['.repeat(100)}"]`)).toBeUndefined();
    expect(shape(`["\\\\"${'['.repeat(100)}${']'.repeat(100)}]`)).toBe('JSON body nested deeper than 64 levels');
  });

  it('reads multi-byte UTF-8 without losing its place', () => {
    expect(shape(JSON.stringify({ name: 'Café 東京 🚲 "[' }))).toBeUndefined();
  });
});
