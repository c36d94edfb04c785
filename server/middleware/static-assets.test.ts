import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as sent: supertest and fetch would inflate gzip and brotli on the way. */
function rawGet(port: number, pathname: string, encoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('compressed responses and cached assets', () => {
  let t: TestApp;
  let webDist: string;
  let server: http.Server;
  let port: number;
  const script = `export const words = ${JSON.stringify('council meeting '.repeat(2000))};\n`;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-assets-'));
    await fs.copyFile(path.resolve(import.meta.dirname, '../../web/index.html'), path.join(webDist, 'index.html'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'assets', 'index-Bx3kQ9aZ.js'), script);
    await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('pglite');
    server = createApp(t.core, { webDist }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('sends a hashed script brotli-compressed, cached for a year and immutable', async () => {
    const res = await rawGet(port, '/assets/index-Bx3kQ9aZ.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('gzips for a browser without brotli, and sends plain bytes to a client asking for none', async () => {
    const gzip = await rawGet(port, '/assets/index-Bx3kQ9aZ.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await rawGet(port, '/assets/index-Bx3kQ9aZ.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('rechecks unhashed files hourly, and never caches the page shell stale', async () => {
    const icon = await rawGet(port, '/favicon.svg', 'identity');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const page = await rawGet(port, '/', 'gzip, br');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root">');
  });

  it('compresses API answers too', async () => {
    const res = await rawGet(port, '/api/cities', 'gzip');
    expect(res.status).toBe(200);
    // Under the threshold an answer goes as it is; either way it is valid JSON once inflated.
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
    expect(Array.isArray(JSON.parse(body.toString()))).toBe(true);
  });
});
