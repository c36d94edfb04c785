/**
 * Marks the words of each shown moment that match the query. PostgreSQL's ts_headline would
 * run its text parser over every shown segment, which cost more than all the index reading
 * of a search (60 segments, about 1.3 ms of 6). Instead each segment is cut into words here
 * (domain/search-highlight.ts) and a word is marked when its lexeme is one the query looks
 * for, with the lexemes the index itself holds: a word with a digit is its own lowercase
 * lexeme (the english configuration maps numbers to the simple dictionary); any other word
 * is stemmed by the english_stem dictionary, asked once per word in one statement and then
 * remembered. A stop word stems to nothing and is never marked, as it is never indexed.
 *
 * Snowball's English stemmer only rewrites the ends of words, so a word can only have a
 * query's lexeme when it begins with that lexeme's first letter: other words are not looked
 * at further.
 */
import { sql } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { Executor } from '../db/repositories/executor.js';
import { markWords, wordsOf, type Word } from '../domain/search-highlight.js';

/** Words whose lexemes are remembered (a few MB); the oldest are forgotten first. */
const REMEMBERED_WORDS = 50_000;

/**
 * Lowercase word → its lexemes ([] for a stop word). english_stem is PostgreSQL's own
 * dictionary and the same in every database, so one process keeps one list.
 */
const lexemesOfWord = new Map<string, readonly string[]>();

/** The query's lexemes, from its querytree (excluded words are not in it: they never match). */
export function lexemesOfTree(tree: string): string[] {
  return [...new Set([...tree.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'")))];
}

export type Highlight = (text: string) => string;

/** A function that turns one of `texts` into HTML with its matching words marked. */
export async function loadHighlighter(db: Executor, queryLexemes: readonly string[], texts: readonly string[]): Promise<Highlight> {
  const wanted = new Set(queryLexemes);
  const initials = new Set(queryLexemes.map((lexeme) => lexeme.charAt(0)));
  // A first character that is half of a surrogate pair is not compared: every such word is a candidate.
  const candidate = (word: string) => initials.has(word.charAt(0).toLowerCase()) || isSurrogate(word.charCodeAt(0));
  const candidates = new Map(texts.map((text) => [text, wordsOf(text, candidate)]));
  await learnWords(db, [...candidates.values()]);
  return (text) => {
    const words = candidates.get(text) ?? wordsOf(text, candidate);
    return markWords(text, words.filter(({ word }) => lexemesOf(word.toLowerCase()).some((lexeme) => wanted.has(lexeme))));
  };
}

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

function lexemesOf(lower: string): readonly string[] {
  return HAS_DIGIT.test(lower) ? [lower] : (lexemesOfWord.get(lower) ?? []);
}

const HAS_DIGIT = /\p{N}/u;

async function learnWords(db: Executor, texts: readonly Word[][]): Promise<void> {
  const unknown = new Set<string>();
  for (const words of texts) {
    for (const { word } of words) {
      const lower = word.toLowerCase();
      if (!HAS_DIGIT.test(lower) && !lexemesOfWord.has(lower)) unknown.add(lower);
    }
  }
  if (unknown.size === 0) return;
  const result = await prepared(sql<{ word: string; lexemes: string[] | null }>`
    select w.word, ts_lexize('english_stem', w.word) as lexemes from unnest(${[...unknown]}::text[]) as w(word)`).execute(db);
  for (const { word, lexemes } of result.rows) remember(word, lexemes ?? []);
}

function remember(word: string, lexemes: readonly string[]): void {
  if (lexemesOfWord.size >= REMEMBERED_WORDS) {
    const oldest = lexemesOfWord.keys().next();
    if (!oldest.done) lexemesOfWord.delete(oldest.value);
  }
  lexemesOfWord.set(word, lexemes);
}
