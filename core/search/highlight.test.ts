import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { escapeHtml } from '../domain/search-highlight.js';
import { lexemesOfTree, loadHighlighter } from './highlight.js';

describe('lexemesOfTree', () => {
  it('reads the words a querytree looks for, quotes and all', () => {
    expect(lexemesOfTree(`'shelter' | 'known' & 'public' <-> 'comment' & 'o''brien' & 'shelter'`)).toEqual(['shelter', 'known', 'public', 'comment', "o'brien"]);
    expect(lexemesOfTree('T')).toEqual([]);
  });
});

describe.each(TEST_ENGINES)('highlighting on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  /** What ts_headline marks, as the reference: the index's own lexemes. */
  const headline = async (q: string, text: string) => {
    const result = await sql<{ marked: string }>`
      select ts_headline('english', ${text}, websearch_to_tsquery('english', ${q}), 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true') as marked`.execute(database.db);
    return result.rows[0]!.marked.split(/(<\/?mark>)/).map((piece) => (/^<\/?mark>$/.test(piece) ? piece : escapeHtml(piece))).join('');
  };
  const highlight = async (q: string, text: string) => {
    const tree = (await sql<{ tree: string }>`select querytree(websearch_to_tsquery('english', ${q})) as tree`.execute(database.db)).rows[0]!.tree;
    return (await loadHighlighter(database.db, lexemesOfTree(tree), [text]))(text);
  };

  const CASES: [string, string][] = [
    ['zoning', 'Zoned in 2019, rezoning later; the zone zoning board.'],
    ['haves', 'The haves and the have-nots: we have what they have.'],
    ['2019 budget', 'The 2019 budget, the 2,019 budgets and budgeting.'],
    ['"public comment"', 'Public hearing and comment; the public comment period.'],
    ['shelter -navigation', "The shelter's beds and the shelters, sheltering people."],
    ['arena or stadium', 'The stadiums, an arena, and arenas.'],
    ['café', 'Le Café and cafés.'],
  ];

  it.each(CASES)('marks what ts_headline marks for %s', async (q, text) => {
    expect(await highlight(q, text)).toBe(await headline(q, text));
  });

  it('marks nothing for a query of stop words', async () => {
    expect(await highlight('the and', 'The cat and the hat.')).toBe('The cat and the hat.');
  });
});
