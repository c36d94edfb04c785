import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from './adapters/fixture/fixture-files.js';
import { loadConfig } from './config.js';
import { createPorts } from './index.js';

const SOURCE = 'fixture:fairview-city-council';

describe('FIXTURES_DIR', () => {
  let dir: string;
  let removed: string;
  let changed: string;
  beforeAll(async () => {
    // The demo fixtures, less one Fairview council video, with another one's transcript changed.
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-fixtures-'));
    await fs.cp(DEFAULT_FIXTURES_DIR, dir, { recursive: true });
    const file = path.join(dir, 'videos', 'fairview-city-council.json');
    const videos = JSON.parse(await fs.readFile(file, 'utf8')) as { video_id: string }[];
    removed = videos[0]!.video_id;
    changed = videos[1]!.video_id;
    await fs.writeFile(file, JSON.stringify(videos.slice(1)));
    const segments = [{ start: 2, duration: 1.5, speaker: null, text: 'From the other fixtures.' }];
    await fs.writeFile(path.join(dir, 'transcripts', `${changed}.json`), JSON.stringify({ video_id: changed, segments }));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('is unset by default, and a blank value counts as unset', () => {
    expect(loadConfig({}).fixturesDir).toBeUndefined();
    expect(loadConfig({ FIXTURES_DIR: '  ' }).fixturesDir).toBeUndefined();
  });

  it('resolves to an absolute path', () => {
    expect(loadConfig({ FIXTURES_DIR: 'some/where' }).fixturesDir).toBe(path.resolve('some/where'));
  });

  it('points fixture: sources and their transcripts at another directory', async () => {
    const shipped = createPorts(loadConfig({}));
    const other = createPorts(loadConfig({ FIXTURES_DIR: dir }));
    const ids = async (ports: typeof shipped) => (await ports.videoSource.listVideos(SOURCE)).map((video) => video.videoId);
    expect(await ids(shipped)).toContain(removed);
    expect(await ids(other)).not.toContain(removed);
    expect(await other.transcriptSource.fetchTranscript(changed)).toEqual([{ start_ms: 2000, end_ms: 3500, speaker: null, text: 'From the other fixtures.' }]);
    expect((await shipped.transcriptSource.fetchTranscript(changed)).length).toBeGreaterThan(1);
  });
});

describe('TRUST_PROXY', () => {
  it('is unset by default, so the server chooses', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
  });

  it('takes a boolean, a hop count, or addresses and subnets', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).trustProxy).toBe('loopback, 10.0.0.0/8, fd00::/8');
  });

  it('refuses anything else at start-up', () => {
    for (const value of ['yes', 'proxy.example.org', '10.0.0.1; rm -rf']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, false, a hop count/);
    }
  });
});

describe('HOST', () => {
  it('is this machine only unless set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: ' 0.0.0.0 ' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ HOST: ' ' })).toThrow(/HOST: /);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to localhost on PORT, without a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://crier.example.org/' }).publicUrl).toBe('https://crier.example.org');
  });

  it('is required in production, listed with every other bad variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: 'x' })).toThrow(
      /^Invalid configuration: PORT: .+; PUBLIC_URL: required in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://crier.example.org' }).publicUrl).toBe('https://crier.example.org');
  });

  it('must be an http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});

describe('CIVIC_EDITOR', () => {
  it('names the account civic story edits are recorded as, unset when blank', () => {
    expect(loadConfig({}).editor).toBeUndefined();
    expect(loadConfig({ CIVIC_EDITOR: '  ' }).editor).toBeUndefined();
    expect(loadConfig({ CIVIC_EDITOR: ' editor@example.org ' }).editor).toBe('editor@example.org');
  });
});
