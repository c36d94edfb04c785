import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, runCivic, startCivic, type RunningCivic } from '../testing/run-civic.js';

interface ApiVideo {
  video_id: string;
  has_transcript: boolean;
  has_analysis: boolean;
  has_story: boolean;
}

/** Starts `civic serve` on DATA_DIR and waits until it listens. */
async function startServe(dataDir: string, extra: string[] = []): Promise<{ serve: RunningCivic; url: string }> {
  const port = await freePort();
  const serve = startCivic(['serve', '--port', String(port), '--host', '127.0.0.1', ...extra], { DATA_DIR: dataDir });
  await vi.waitFor(() => expect(serve.stderr()).toContain('"msg":"server listening"'), { timeout: 120_000, interval: 200 });
  return { serve, url: `http://127.0.0.1:${port}` };
}

async function stop(serve: RunningCivic, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  process.kill(serve.pid, signal);
  return serve.exited;
}

// The embedded database belongs to one process; the others reach it through that process.
describe('one embedded database, many civic commands (child processes)', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-shared-'));
    dataDir = path.join(root, 'data');
    expect((await runCivic(['db', 'seed'], { DATA_DIR: dataDir })).code).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it("runs a batch and a search beside civic serve; the batch's results show in serve's API and in search", async () => {
    const { serve, url } = await startServe(dataDir);
    try {
      const [batch, searchMeanwhile] = await Promise.all([
        runCivic(['batch', '--status', 'Live', '--json'], { DATA_DIR: dataDir }),
        runCivic(['search', 'budget', '--json'], { DATA_DIR: dataDir }),
      ]);
      expect(batch.code).toBe(0);
      const summary = JSON.parse(batch.stdout) as { failures: unknown[]; stages: Record<string, { total: number; done: number }>; videos: { total: number } };
      expect(summary.failures).toEqual([]);
      expect(summary.videos.total).toBeGreaterThan(0);
      expect(summary.stages.story).toMatchObject({ total: summary.videos.total, done: summary.videos.total });
      expect(searchMeanwhile.code).toBe(0);
      expect(() => JSON.parse(searchMeanwhile.stdout) as unknown).not.toThrow();

      // The server sees what the other process wrote, in the same database.
      const videos = (await (await fetch(`${url}/api/cities/fairview-ca/videos`)).json()) as ApiVideo[];
      expect(videos.length).toBeGreaterThan(0);
      expect(videos.every((video) => video.has_transcript && video.has_analysis && video.has_story)).toBe(true);
      const found = (await (await fetch(`${url}/api/search?q=budget`)).json()) as { results: ApiVideo[] };
      expect(found.results.length).toBeGreaterThan(0);

      const searchAfter = await runCivic(['search', 'budget', '--city', 'fairview-ca', '--json'], { DATA_DIR: dataDir });
      expect(searchAfter.code).toBe(0);
      const hits = JSON.parse(searchAfter.stdout) as { results: { video_id: string }[] };
      expect(hits.results.map((hit) => hit.video_id).sort()).toEqual(found.results.filter((video) => videos.some((v) => v.video_id === video.video_id)).map((video) => video.video_id).sort());

      // A command that only reads, and the report, answer too while serve holds the database.
      const report = await runCivic(['report', '--json'], { DATA_DIR: dataDir });
      expect(report.code).toBe(0);
    } finally {
      expect(await stop(serve)).toBe(0);
    }
    // The holder tidied up after itself.
    expect((await fs.readdir(dataDir)).sort()).not.toContain('db.lock');
  }, 300_000);

  it('lets the next command take over from a holder killed with SIGKILL, its stale socket included', async () => {
    const { serve } = await startServe(dataDir);
    expect(await stop(serve, 'SIGKILL')).toBeNull();
    // What the killed process left: its lock and its socket.
    expect((await fs.readdir(dataDir)).sort()).toEqual(expect.arrayContaining(['db.lock', 'share']));

    const list = await runCivic(['city', 'list', '--json'], { DATA_DIR: dataDir });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { location_key: string }[]).map((city) => city.location_key)).toContain('fairview-ca');
    expect(await fs.readdir(dataDir)).not.toEqual(expect.arrayContaining(['db.lock']));
  }, 300_000);

  it('serve --schedule runs the batch inside the server at each tick, on its embedded database', async () => {
    const { serve } = await startServe(dataDir, ['--schedule', '* * * * * *', '--status', 'live']);
    try {
      await vi.waitFor(() => expect(serve.stderr()).toContain('"msg":"scheduled batch finished"'), { timeout: 120_000, interval: 200 });
      const finished = serve
        .stderr()
        .split('\n')
        .filter((line) => line.includes('"msg":"scheduled batch finished"'))
        .map((line) => JSON.parse(line) as { schedule: string; status: string; summary: { cities: string[]; failures: unknown[] } });
      expect(finished[0]).toMatchObject({ schedule: '* * * * * *', status: 'Live', summary: { cities: ['fairview-ca', 'riverton-or'], failures: [] } });
      // Another command beside it still gets in, and sees the runs the server made.
      const report = await runCivic(['report', '--json'], { DATA_DIR: dataDir });
      expect(report.code).toBe(0);
    } finally {
      expect(await stop(serve)).toBe(0);
    }
  }, 300_000);

  it('refuses a bad --schedule in one line with exit 2, before opening anything', async () => {
    const unused = path.join(root, 'unused');
    const result = await runCivic(['serve', '--schedule', '0 25 * * *'], { DATA_DIR: unused });
    expect(result.stderr).toBe('civic: Bad --schedule: hour "25" is not between 0 and 23 (e.g. "15 2 * * *" is nightly at 02:15)\n');
    expect(result.code).toBe(2);
    await expect(fs.access(unused)).rejects.toThrow();
  }, 60_000);
});
