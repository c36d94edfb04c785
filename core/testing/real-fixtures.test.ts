import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realFixtures } from './real-fixtures.js';

describe('realFixtures', () => {
  const missing = path.join(os.tmpdir(), 'no-such-real-fixtures-dir');
  let present: string;
  let empty: string;
  beforeAll(() => {
    present = fs.mkdtempSync(path.join(os.tmpdir(), 'real-fixtures-'));
    fs.writeFileSync(path.join(present, 'README.md'), 'a fixture');
    empty = fs.mkdtempSync(path.join(os.tmpdir(), 'real-fixtures-empty-'));
  });
  afterAll(() => {
    fs.rmSync(present, { recursive: true, force: true });
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it('gives the folder when it is there', () => {
    expect(realFixtures({ REAL_FIXTURES_DIR: present })).toBe(present);
  });

  it('gives undefined for a missing folder, a file or an empty folder, so the tests that need it skip', () => {
    expect(realFixtures({ REAL_FIXTURES_DIR: missing })).toBeUndefined();
    expect(realFixtures({ REAL_FIXTURES_DIR: import.meta.filename })).toBeUndefined();
    expect(realFixtures({ REAL_FIXTURES_DIR: empty })).toBeUndefined();
  });

  it('fails instead when CI requires the fixtures', () => {
    expect(() => realFixtures({ REAL_FIXTURES_DIR: missing, REQUIRE_REAL_FIXTURES: '1' })).toThrow(
      `REQUIRE_REAL_FIXTURES=1 but the real fixtures folder ${missing} is missing or empty`,
    );
    expect(() => realFixtures({ REAL_FIXTURES_DIR: empty, REQUIRE_REAL_FIXTURES: '1' })).toThrow(`folder ${empty} is missing or empty`);
    expect(realFixtures({ REAL_FIXTURES_DIR: present, REQUIRE_REAL_FIXTURES: '1' })).toBe(present);
  });
});
