/**
 * Files past 300 lines are split along a seam (style.md §14), or say why they stay whole: their
 * first comment holds a sentence with "long because" ("Long because it is one type, DB, …").
 * Counts lines as `wc -l` does, over the TypeScript of core, cli, server, web/src and scripts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['core', 'cli', 'server', 'web/src', 'scripts'];
const MAX_LINES = 300;

function lineCount(text: string): number {
  return text.split('\n').length - 1;
}

/** The first comment of a file: a block comment or a run of line comments, starting a line. */
function firstComment(text: string): string | null {
  return /^[ \t]*(\/\*[\s\S]*?\*\/|\/\/.*(?:\n[ \t]*\/\/.*)*)/m.exec(text)?.[1] ?? null;
}

function saysWhyLong(text: string): boolean {
  const comment = firstComment(text);
  return comment !== null && /\blong\s+because\b/i.test(comment.replace(/\s*(?:\*|\/\/)\s*/g, ' '));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(folder, file));
}

describe('long files', () => {
  it('finds the first comment, across a line break, and only where a line starts', () => {
    const lines = (count: number) => 'const x = 1;\n'.repeat(count);
    expect(saysWhyLong(`import a from 'a';\n/**\n * Long\n * because it is one table.\n */\n${lines(300)}`)).toBe(true);
    expect(saysWhyLong(`// Long because the rules read together.\n${lines(300)}`)).toBe(true);
    expect(saysWhyLong(`/** The schema. */\n// Long because of that.\n${lines(300)}`)).toBe(false);
    expect(saysWhyLong(`const glob = 'a/**/b'; // long because\n${lines(300)}`)).toBe(false);
    expect(saysWhyLong(lines(301))).toBe(false);
    expect(lineCount(lines(301))).toBe(301);
  });

  it(`say why they are over ${MAX_LINES} lines in their first comment`, () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const unexplained = files.filter((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return lineCount(text) > MAX_LINES && !saysWhyLong(text);
    });
    expect(unexplained, 'split these, or say "long because …" in their first comment').toEqual([]);
  });
});
