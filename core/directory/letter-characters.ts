import { letterOf, type FiledLetter } from '../domain/directory.js';

/**
 * The admin list filters by letter in SQL, yet must file each name where the public directory
 * does (core/domain/directory.ts's letterOf, run in the browser). Rather than a second rule in
 * SQL, the query is built from the first one: every character letterOf files under the letter,
 * and every character it skips as a leading blank, found by asking it about each character once.
 * Planes 0 and 1 hold every character that folds to a Latin letter or digit (the mathematical
 * alphanumerics are the last of them).
 */
const LAST_CODE_POINT = 0x1ffff;

interface LetterTable {
  blanks: string;
  byLetter: Map<FiledLetter, string[]>;
}

let table: LetterTable | undefined;

function buildTable(): LetterTable {
  const byLetter = new Map<FiledLetter, string[]>();
  let blanks = '';
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint += 1) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const char = String.fromCodePoint(codePoint);
    if (char.trim() === '') {
      blanks += char;
      continue;
    }
    const letter = letterOf(char);
    if (!letter) continue;
    const characters = byLetter.get(letter);
    if (characters) characters.push(char);
    else byLetter.set(letter, [char]);
  }
  return { blanks, byLetter };
}

/** What a name's first character must be, after its leading blanks, to be filed under `letter`. */
export function firstCharactersOf(letter: FiledLetter): { blanks: string; characters: readonly string[] } {
  table ??= buildTable();
  return { blanks: table.blanks, characters: table.byLetter.get(letter) ?? [] };
}
