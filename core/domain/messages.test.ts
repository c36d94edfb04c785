import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as messages from './messages.js';
import { CONTACT_FAILED_MESSAGE, CONTACT_SENT_MESSAGE, REQUIRED_FIELDS_MESSAGE } from './submissions.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FRONT_DOORS = ['core', 'cli', 'server', 'web/src'];
const HOME = new Set(['core/domain/messages.ts', 'core/domain/submissions.ts']);

/** Every production source file of the front doors and core (no tests, no test helpers). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !HOME.has(relative) ? [relative] : [];
  });
}

/** What a retyped copy would still hold after its final punctuation drifted. */
const core = (message: string) => message.replace(/[.!]+$/, '');

/** The code without its comments (which may quote the spec). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const shared: Record<string, string> = {
  ...messages,
  REQUIRED_FIELDS_MESSAGE,
  CONTACT_SENT_MESSAGE,
  CONTACT_FAILED_MESSAGE,
};

describe("the spec's shared words", () => {
  it('are typed once: no production file of core, cli, server or web spells one out again', () => {
    const files = FRONT_DOORS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const retyped = files.flatMap((file) => {
      const text = code(readFileSync(path.join(ROOT, file), 'utf8'));
      return Object.entries(shared)
        .filter(([, message]) => text.includes(core(message)))
        .map(([name]) => `${file}: ${name}`);
    });
    expect(retyped).toEqual([]);
  });
});
