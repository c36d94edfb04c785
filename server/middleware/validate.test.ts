import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../core/index.js';
import { parseInput } from './validate.js';

/** What parseInput throws, as the error handler would answer it. */
function refusal(run: () => unknown): { message: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseInput with the zod/mini schemas core/domain shares with the web app', () => {
  const classic = z.object({ name: z.string().trim().min(1, 'Name it.') });
  const small = mini.object({ name: mini.string().check(mini.trim(), mini.minLength(1, 'Name it.')) });

  it('refuses an unknown field of a mini object as it does a classic one (strict), with the same issues', () => {
    const fromMini = refusal(() => parseInput(small, { name: 'x', admin: true }));
    expect(fromMini).toEqual(refusal(() => parseInput(classic, { name: 'x', admin: true })));
    expect(fromMini.message).toBe('Unrecognized key: "admin"');
  });

  it('parses, trims and words a bad field alike', () => {
    expect(parseInput(small, { name: ' x ' })).toEqual({ name: 'x' });
    expect(refusal(() => parseInput(small, { name: '  ' }))).toEqual(refusal(() => parseInput(classic, { name: '  ' })));
  });
});
