import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../core/testing/fake-openai.js';
import { CIVIC_BIN, freePort, runCivic, startCivic, type CivicResult, type RunningCivic } from '../testing/run-civic.js';

interface Summary {
  interrupted: boolean;
  stages: Record<string, { total: number; done: number; failed: number }>;
  failures: unknown[];
}

/** A `civic` child whose stdout and stderr are kept, with its pid known before it ends. */
function spawnCivic(args: string[], env: Record<string, string>): { pid: number; result: Promise<CivicResult>; stderr(): string } {
  const child = spawn(process.execPath, [CIVIC_BIN, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const result = new Promise<CivicResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { pid: child.pid!, result, stderr: () => stderr };
}

// The README's promise: the process holding the embedded database stays, on stop, until the
// commands it serves have finished their work; stopping the site does not kill the nightly batch.
describe('stopping civic serve while an ingest works through it (child processes)', () => {
  let root: string;
  let dataDir: string;
  let model: FakeOpenAi;
  let env: Record<string, string>;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-holder-'));
    dataDir = path.join(root, 'data');
    model = await startFakeOpenAi({ latencyMs: 1_500 });
    expect((await runCivic(['db', 'seed'], { DATA_DIR: dataDir })).code).toBe(0);
    expect((await runCivic(['ingest', '--city', 'fairview-ca', '--stages', 'discover,transcript', '--json'], { DATA_DIR: dataDir })).code).toBe(0);
    env = { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url, CIVIC_MODEL: 'gpt-4o-mini' };
  }, 180_000);
  afterAll(async () => {
    await model.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  async function startServe(): Promise<RunningCivic> {
    const port = await freePort();
    const serve = startCivic(['serve', '--port', String(port), '--host', '127.0.0.1'], { DATA_DIR: dataDir });
    await vi.waitFor(() => expect(serve.stderr()).toContain('"msg":"server listening"'), { timeout: 120_000, interval: 200 });
    return serve;
  }

  it('SIGTERM to serve: serve waits for the ingest, which finishes every stage and prints its summary; nothing is left behind', async () => {
    model.reset();
    const serve = await startServe();
    const ingest = spawnCivic(['ingest', '--city', 'fairview-ca', '--stages', 'analysis,story', '--force', '--concurrency', '2', '--json'], env);
    while (model.requests.length < 2) await delay(20);
    process.kill(serve.pid, 'SIGTERM');
    // A command started meanwhile is not let in by the stopping server: it waits, then holds the database itself.
    await vi.waitFor(() => expect(serve.stderr()).toContain('Waiting for civic process'), { timeout: 60_000, interval: 100 });
    const newcomer = runCivic(['city', 'list', '--json'], { DATA_DIR: dataDir, DB_WAIT_SECONDS: '120' });

    const result = await ingest.result;
    expect(result.stderr).not.toMatch(/ENOENT|destroyed|"level":[45]0|civic:/);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as Summary;
    expect(summary).toMatchObject({ interrupted: false, failures: [] });
    expect(summary.stages.analysis).toMatchObject({ total: 5, done: 5, failed: 0 });
    expect(summary.stages.story).toMatchObject({ total: 5, done: 5, failed: 0 });

    expect(await serve.exited).toBe(0);
    const listed = await newcomer;
    expect(listed.code).toBe(0);
    expect(listed.stderr).toContain(`is held by civic process ${serve.pid}, which is stopping: waiting up to 120 s`);
    expect(JSON.parse(listed.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ location_key: 'fairview-ca' })]));
    expect(serve.stderr()).toContain(`Waiting for civic process ${ingest.pid} to finish with the embedded database in ${dataDir}`);
    expect(await fs.readdir(dataDir)).not.toEqual(expect.arrayContaining(['db.lock']));
    expect(await fs.readdir(dataDir)).not.toEqual(expect.arrayContaining(['share']));
  }, 300_000);
  it('SIGINT to serve whose stderr reader has gone (`civic serve 2>&1 | tee log`, Ctrl-C ends tee first): it still waits, and stops cleanly', async () => {
    model.reset();
    const port = await freePort();
    const serve = spawn(process.execPath, [CIVIC_BIN, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    serve.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => serve.once('exit', (code) => resolve(code)));
    await vi.waitFor(() => expect(stderr).toContain('"msg":"server listening"'), { timeout: 120_000, interval: 200 });
    const ingest = spawnCivic(['ingest', '--city', 'fairview-ca', '--stages', 'analysis', '--force', '--concurrency', '2', '--json'], env);
    while (model.requests.length < 2) await delay(20);
    serve.stdout.destroy();
    serve.stderr.destroy();
    serve.kill('SIGINT');

    const result = await ingest.result;
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Summary).stages.analysis).toMatchObject({ total: 5, done: 5, failed: 0 });
    expect(await exited).toBe(0);
    expect(await fs.readdir(dataDir)).not.toEqual(expect.arrayContaining(['db.lock']));
  }, 300_000);
  it('serve killed under an ingest working through it: the ingest prints what it did and left undone, then one error line, exit 4; a rerun finishes the work', async () => {
    model.reset();
    const serve = await startServe();
    const ingest = spawnCivic(['ingest', '--city', 'fairview-ca', '--stages', 'analysis', '--force', '--concurrency', '2', '--json'], env);
    while (model.requests.length < 2) await delay(20);
    process.kill(serve.pid, 'SIGKILL');

    const result = await ingest.result;
    // Its log lines may name the refused connections; its one error line says what happened.
    expect(result.stderr.split('\n').filter((line) => line.startsWith('civic:'))).toHaveLength(1);
    expect(result.stderr).toContain(
      `civic: civic process ${serve.pid}, which held the embedded database in ${dataDir}, went away while this command worked through it: run the command again; it resumes where this one stopped`,
    );
    expect(result.code).toBe(4);
    // Its summary first: nothing counted as failed, what it had not finished left for the next run.
    const summary = JSON.parse(result.stdout) as Summary & { notDone: number; stages: Record<string, { notDone: number }> };
    expect(summary).toMatchObject({ interrupted: true, failures: [] });
    const analysis = summary.stages.analysis!;
    expect(analysis).toMatchObject({ total: 5, failed: 0 });
    expect(analysis.notDone).toBeGreaterThan(0);
    expect(analysis.done + analysis.notDone).toBe(5);

    const rerun = await runCivic(['ingest', '--city', 'fairview-ca', '--stages', 'analysis', '--json'], env);
    expect(rerun.code).toBe(0);
    expect((JSON.parse(rerun.stdout) as Summary).stages.analysis).toMatchObject({ total: 5, failed: 0 });
  }, 300_000);
});
