import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFixtures } from './real-fixtures.js';

describe('realFixtures', () => {
  const missing = path.join(os.tmpdir(), 'no-such-real-fixtures-dir');

  it('gives the folder when it is there', () => {
    expect(realFixtures({ REAL_FIXTURES_DIR: os.tmpdir() })).toBe(os.tmpdir());
  });

  it('gives undefined for a missing folder (or a file), so the tests that need it skip', () => {
    expect(realFixtures({ REAL_FIXTURES_DIR: missing })).toBeUndefined();
    expect(realFixtures({ REAL_FIXTURES_DIR: import.meta.filename })).toBeUndefined();
  });

  it('fails instead when CI requires the fixtures', () => {
    expect(() => realFixtures({ REAL_FIXTURES_DIR: missing, REQUIRE_REAL_FIXTURES: '1' })).toThrow(
      `REQUIRE_REAL_FIXTURES=1 but the real fixtures folder ${missing} is missing`,
    );
    expect(realFixtures({ REAL_FIXTURES_DIR: os.tmpdir(), REQUIRE_REAL_FIXTURES: '1' })).toBe(os.tmpdir());
  });
});
