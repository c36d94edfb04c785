import { describe, expect, it } from 'vitest';
import { findNul } from './reject-nul.js';

describe('findNul', () => {
  it('gives the path of the first text holding NUL, keys included', () => {
    expect(findNul({ a: [0, { b: 'x\0' }] })).toEqual(['a', 1, 'b']);
    expect(findNul({ a: { ['k\0']: 1 } })).toEqual(['a', 'k\0']);
    expect(findNul('\0')).toEqual([]);
    expect(findNul({ a: ['x', { b: 'y' }], n: 1, z: null })).toBeUndefined();
  });

  it('builds the path of a deep value from its parents (hostile-bodies.test.ts times it)', () => {
    let deep: unknown = { last: 'end\0' };
    for (let level = 0; level < 1000; level++) deep = [deep];
    expect(findNul(deep)).toEqual([...Array(1000).fill(0), 'last']);
  });
});
