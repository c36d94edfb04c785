import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { buildCity } from '../../core/testing/builders.js';
import { addMeeting } from '../../core/testing/search-meetings.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { runCivic } from '../testing/run-civic.js';
import { exportCity } from './export.js';

describe('civic export', () => {
  let core: Core;
  let dir: string;
  beforeAll(async () => {
    core = await createTestCore('pglite');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-export-'));
    const city = await buildCity(testDb(core), { name: 'Fairview', state: 'CA', location_key: 'fairview-ca', status: 'Test' });
    await addMeeting(testDb(core), city.id, { title: 'Council - May 5, 2026', says: [[1, 'Call to order.'], [2, 'Roll call.']] });
  });
  afterAll(async () => {
    await core.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("writes a file whole, says what it wrote, and exports a city being set up too (it is the operator's)", async () => {
    const output = path.join(dir, 'lines.csv');
    const said = await exportCity(core, { city: 'fairview-ca', what: 'transcripts', format: 'csv', since: null, output });
    expect(said?.human).toMatch(/^Exported the transcripts of Fairview, CA to .*lines\.csv \(\d+ bytes\)$/);
    expect(said?.data).toMatchObject({ city: 'fairview-ca', what: 'transcripts', format: 'csv', output });
    const rows = (await fs.readFile(output, 'utf8')).trim().split('\r\n');
    expect(rows[0]).toBe('meeting_id,held_on,start_ms,end_ms,speaker,text,at_url');
    expect(rows.slice(1).map((row) => row.split(',')[5])).toEqual(['Call to order.', 'Roll call.']);
    expect(await fs.readdir(dir)).toEqual(['lines.csv']);
  });

  it('leaves nothing behind when the file cannot be written, and writes nothing for an unknown city', async () => {
    await expect(exportCity(core, { city: 'fairview-ca', what: 'meetings', format: 'ndjson', since: null, output: path.join(dir, 'missing', 'x.ndjson') })).rejects.toThrow(
      /ENOENT/,
    );
    await expect(exportCity(core, { city: 'nowhere', what: 'meetings', format: 'ndjson', since: null, output: path.join(dir, 'y.ndjson') })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await fs.readdir(dir)).toEqual(['lines.csv']);
  });

  it('streams to stdout from the command line, with usage errors for a bad choice', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-export-cli-'));
    try {
      expect((await runCivic(['db', 'seed'], { DATA_DIR: dataDir })).code).toBe(0);
      const csv = await runCivic(['export', '--city', 'fairview-ca', '--what', 'decisions', '--format', 'csv'], { DATA_DIR: dataDir });
      expect({ code: csv.code, stderr: csv.stderr }).toEqual({ code: 0, stderr: '' });
      expect(csv.stdout.split('\r\n')[0]).toMatch(/^held_on,meeting_title,item_number,item,outcome,/);
      const bad = await runCivic(['export', '--city', 'fairview-ca', '--what', 'everything'], { DATA_DIR: dataDir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('expected one of meetings, decisions, transcripts');
      const unknown = await runCivic(['export', '--city', 'nowhere'], { DATA_DIR: dataDir });
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toContain('Unknown city "nowhere"');
      expect(unknown.stdout).toBe('');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
