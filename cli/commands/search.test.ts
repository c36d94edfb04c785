import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { addMeeting, daysAgo } from '../../core/testing/search-meetings.js';
import { buildCity } from '../../core/testing/builders.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { runCivic } from '../testing/run-civic.js';
import { describeSearch, searchVideos, snippet } from './search.js';

describe('describeSearch', () => {
  it('says when there is nothing to search or nothing found', () => {
    expect(describeSearch('  ', { results: [], count: 0, has_more: false })).toBe('Nothing to search for: the query is empty.');
    expect(describeSearch('zoning', { results: [], count: 0, has_more: false })).toMatch(/^No results found for "zoning"\n/);
  });

  it('cuts a long hit around its first match', () => {
    const text = `${'Opening remarks went on for a while. '.repeat(4)}Then the zoning variance was approved after a long debate.`;
    const cut = snippet({ start_ms: 0, text, highlighted: text.replace('zoning', '<mark>zoning</mark>') });
    expect(cut.startsWith('…')).toBe(true);
    expect(cut).toContain('zoning variance');
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(snippet({ start_ms: 0, text: 'Short & "plain".', highlighted: 'Short &amp; &quot;plain&quot;.' })).toBe('Short & "plain".');
    // A match at the very end stays whole, and the cut falls at the start of a word.
    const late = `${'The local match is already set aside in the '.repeat(3)}capital budget.`;
    const end = snippet({ start_ms: 0, text: late, highlighted: late.replace('budget', '<mark>budget</mark>') });
    expect(end).toMatch(/^…[A-Za-z]/);
    expect(end.endsWith('capital budget.')).toBe(true);
    expect(late).toContain(end.slice(1));
  });
});

describe.each(TEST_ENGINES)('civic search on %s', (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await createTestCore(engine);
    const fairview = await buildCity(testDb(core), { name: 'Fairview', state: 'CA', location_key: 'fairview-ca' });
    const riverton = await buildCity(testDb(core), { name: 'Riverton', state: 'OR', location_key: 'riverton-or' });
    await addMeeting(testDb(core), fairview.id, {
      video_id: 'fvZoning001',
      title: 'Zoning Hearing',
      channel_title: 'City of Fairview',
      published_at: daysAgo(3),
      says: [[65, 'The parcel was zoned for housing.'], [3725, 'Zoning <appeal> closed.']],
    });
    await addMeeting(testDb(core), riverton.id, { video_id: 'rvBudget001', title: 'Budget session', published_at: daysAgo(9), says: [[10, 'Zoning aside, the budget.']] });
    await addMeeting(testDb(core), fairview.id, {
      video_id: 'fvLibrary01',
      title: 'Library night',
      published_at: daysAgo(12),
      says: [[5, 'The library opens late.'], [9, 'The budget allows it.']],
    });
    await addMeeting(testDb(core), riverton.id, { video_id: 'rvLibrary01', title: 'Library day', description: null, published_at: daysAgo(14), says: [[5, 'Library hours.']] });
  });
  afterAll(async () => {
    await core.close();
  });

  it('prints each video with its city and date, then each hit with its time and a link to that second', async () => {
    const { data, human } = await searchVideos(core, 'zoning', {});
    expect(data).toMatchObject({ count: 2, has_more: false });
    expect(human.split('\n')).toEqual([
      '2 results found for "zoning"',
      '',
      'Zoning Hearing',
      `  Fairview, CA · ${daysAgo(3).toISOString().slice(0, 10)} · City of Fairview`,
      // Equally good hits come in time order.
      // Wider than 80 columns: the link continues on a line of its own.
      '  [1:05] The parcel was zoned for housing.',
      '    https://www.youtube.com/watch?v=fvZoning001&t=65s',
      '  [1:02:05] Zoning <appeal> closed.',
      '    https://www.youtube.com/watch?v=fvZoning001&t=3725s',
      '',
      'Budget session',
      `  Riverton, OR · ${daysAgo(9).toISOString().slice(0, 10)}`,
      '  [0:10] Zoning aside, the budget.',
      '    https://www.youtube.com/watch?v=rvBudget001&t=10s',
    ]);
  });

  it('passes --city, --limit and --sort on, and --json gets the API response', async () => {
    const scoped = await searchVideos(core, 'zoning', { city: 'riverton-or', json: true });
    expect(scoped.data.results.map((r) => r.video_id)).toEqual(['rvBudget001']);
    expect(JSON.parse(JSON.stringify(scoped.data))).toMatchObject({ results: [{ city: { location_key: 'riverton-or' }, hits: [{ start_ms: 10_000 }] }] });
    const limited = await searchVideos(core, 'zoning', { limit: 1 });
    expect(limited.data).toMatchObject({ count: 1, has_more: true });
    expect(limited.human).toMatch(/^1 result found for "zoning" \(more exist/);
    const ranked = await searchVideos(core, 'zoning', { sort: 'relevance' });
    expect(ranked.data.results[0]?.rank).toEqual(expect.any(Number));
  });

  it('matches --city keys in any letter case and names the nearest key when none matches', async () => {
    const upper = await searchVideos(core, 'zoning', { city: ' Riverton-OR ' });
    expect(upper.data.results.map((r) => r.video_id)).toEqual(['rvBudget001']);
    await expect(searchVideos(core, 'zoning', { city: 'riverton' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Unknown city "riverton" (did you mean "riverton-or"? civic city list shows the cities)',
    });
    await expect(searchVideos(core, 'zoning', { city: 'fairveiw-ca' })).rejects.toMatchObject({ message: expect.stringContaining('did you mean "fairview-ca"?') });
  });

  it('leaves out every meeting that says an -excluded word, and counts what is left in the singular or plural', async () => {
    const excluded = await searchVideos(core, 'library -budget', {});
    // Library night says "library" in one moment and "budget" in another: it is left out.
    expect(excluded.data.results.map((r) => r.video_id)).toEqual(['rvLibrary01']);
    expect(excluded.human.split('\n')[0]).toBe('1 result found for "library -budget"');
    const both = await searchVideos(core, 'library -"capital budget"', {});
    expect(both.human.split('\n')[0]).toBe('2 results found for "library -"capital budget""');
    expect((await searchVideos(core, 'library -budget', { city: 'fairview-ca' })).human).toMatch(/^No results found for "library -budget"/);
  });

  it('lists the meetings that mention none of the words for a query of exclusions alone', async () => {
    const { data } = await searchVideos(core, '-zoning', {});
    expect(data.results.map((r) => r.video_id)).toEqual(['fvLibrary01', 'rvLibrary01']);
    const human = describeSearch('-zoning', data, 200);
    expect(human).toContain('2 results found for "-zoning"');
    expect(human).toContain('  (mentions none of the excluded words)  https://www.youtube.com/watch?v=rvLibrary01');
    expect(describeSearch('library', data, 200)).toContain('  (title or description matches)  https://www.youtube.com/watch?v=rvLibrary01');
  });

  it('turns a bad sort, an unknown city or an overlong query into BAD_INPUT or NOT_FOUND', async () => {
    await expect(searchVideos(core, 'zoning', { sort: 'popularity' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(searchVideos(core, 'zoning', { city: 'nowhere-zz' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Unknown city "nowhere-zz" (civic city list shows the cities)' });
    await expect(searchVideos(core, 'x'.repeat(10_000), {})).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/at most 500 characters/) });
  });
});

// Through the real launcher: commander reads "-zoning" as an option unless -- comes first.
describe('civic search with a leading "-" (child process)', () => {
  it('reads a query starting with "-" after -- through the real CLI, and says so when it is taken for an option', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-search-dash-'));
    try {
      const refused = await runCivic(['search', '-zoning'], { DATA_DIR: dataDir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(
        "error: unknown option '-zoning'\n(a query starting with \"-\" goes after --: civic search --city fairview-ca -- -budget; see civic search --help)\n",
      );
      // Search expects a database that exists (an empty one is fine).
      expect((await runCivic(['db', 'migrate'], { DATA_DIR: dataDir })).code).toBe(0);
      const read = await runCivic(['search', '--', '-zoning'], { DATA_DIR: dataDir });
      expect({ code: read.code, stderr: read.stderr }).toEqual({ code: 0, stderr: '' });
      expect(read.stdout).toContain('No results found for "-zoning"');
      const help = await runCivic(['search', '--help'], { DATA_DIR: dataDir });
      expect(help.stdout).toContain('A -word or -"phrase" leaves out every meeting that says it or has it in its title or description');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
