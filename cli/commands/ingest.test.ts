import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../core/db/database.js';
import { loadFixtureTranscript, DEFAULT_FIXTURES_DIR } from '../../core/adapters/fixture/fixture-files.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../core/testing/fake-openai.js';
import { CIVIC_BIN, runCivic } from '../testing/run-civic.js';

let model: FakeOpenAi;
let dataDir: string;
beforeAll(async () => {
  model = await startFakeOpenAi({ latencyMs: 250 });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-ingest-'));
});
afterAll(async () => {
  await model.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url, CIVIC_MODEL: 'gpt-4o-mini' });

/** Starts `civic ingest` and SIGKILLs it once `killAfter` analyses have been stored. */
function ingestUntilKilled(killAfter: number): Promise<{ signal: NodeJS.Signals | null; analysed: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CIVIC_BIN, 'ingest', '--city', 'fairview-ca', '--json', '--concurrency', '2'], {
      env: { PATH: process.env.PATH, ...env() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let analysed = 0;
    let buffer = '';
    child.stderr.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('"stage":"analysis"') && line.includes('"outcome":"done"')) analysed += 1;
      }
      if (analysed >= killAfter && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => resolve({ signal, analysed }));
  });
}

describe('civic ingest', () => {
  it('finishes the job after being killed mid-run, with no duplicate rows and no lost transcript', async () => {
    expect((await runCivic(['db', 'seed'], env())).code).toBe(0);
    const killed = await ingestUntilKilled(2);
    expect(killed.signal).toBe('SIGKILL');

    const rerun = await runCivic(['ingest', '--city', 'fairview-ca', '--json'], env());
    expect(rerun.code).toBe(0);
    const summary = JSON.parse(rerun.stdout) as { stages: Record<string, { total: number; done: number; skipped: number; failed: number }> };
    expect(summary.stages.analysis?.failed).toBe(0);
    expect(summary.stages.analysis?.skipped).toBeGreaterThanOrEqual(2);

    const database = await openDatabase({ dataDir });
    try {
      const videos = await database.db.selectFrom('city_videos').selectAll().execute();
      const fairview = videos.filter((v) => v.video_id.startsWith('fv'));
      expect(fairview).toHaveLength(5);
      expect(new Set(fairview.map((v) => v.video_id)).size).toBe(5);
      for (const video of fairview) {
        const expected = await loadFixtureTranscript(DEFAULT_FIXTURES_DIR, video.video_id);
        const segments = await database.db.selectFrom('transcript_segments').select('text').where('city_video_id', '=', video.id).orderBy('seq').execute();
        expect(segments.map((s) => s.text)).toEqual(expected.map((s) => s.text));
        expect(video.analysis_results).not.toBeNull();
        expect(video.news_story).not.toBeNull();
      }
      const stages = await database.db.selectFrom('video_stages').select(['status']).where('status', '!=', 'done').execute();
      expect(stages).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it.each([
    [['ingest', '--city', 'atlantis-ca'], /^civic: Unknown city "atlantis-ca"/],
    [['ingest', '--city', 'fairview-ca', '--stages', 'transcript,publish'], /unknown stage publish/],
    [['ingest', '--city', 'fairview-ca', '--since', '2026-02-30'], /expected a date as YYYY-MM-DD/],
    [['ingest', '--city', 'fairview-ca', '--limit', '0'], /expected a whole number from 1/],
    [['ingest'], /required option '--city <key>'/],
  ])('rejects %j with one clear line and exit 2', async (args, message) => {
    const result = await runCivic(args, { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
