/**
 * Requests per second of the API's busiest public reads, on the demo data, beside a bare
 * Express route answering the same JSON from memory, measured in the same run on the same
 * machine (loopback, autocannon). The ratio is what matters; the absolute numbers move with
 * whatever else the machine is doing.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';
import { assembleCore, createLogger, createPorts, loadConfig } from '../../core/index.js';
import { createApp } from '../../server/app.js';
import { openBenchDatabase } from './bench-database.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const TARGET = 0.5;

interface Endpoint {
  label: string;
  path: string;
  /** The server that answers it: ours as shipped, or ours with the public read cache off. */
  app: { url: string };
  /** Judged against the target (>= 0.5 of the bare route). */
  target?: boolean;
}

async function listen(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function measure(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const database = await openBenchDatabase(process.env.BENCH_DATABASE_URL);
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', SESSION_SECRET: 'bench-secret-that-is-long-enough-123456', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' });
  const core = assembleCore({ config, logger: createLogger({ level: 'silent' }), database, ports: createPorts(config) });
  try {
    await core.databaseAdmin.seedDemo();
    const fairview = await core.pipeline.ingest({ cityKey: 'fairview-ca', concurrency: 4 });
    if (fairview.progress.failures.length > 0) throw new Error('demo ingest failed');
    const app = await listen(createApp(core, { apiReadsPerMinute: 1_000_000 }));
    // The same app without its public read cache: what every request costs when it misses.
    const uncached = await listen(createApp(core, { publicCacheTtlMs: 0, apiReadsPerMinute: 1_000_000 }));
    const endpoints: Endpoint[] = [
      { label: 'GET /api/cities/:key/videos', path: '/api/cities/fairview-ca/videos', app, target: true },
      { label: 'GET /api/cities/:key/videos, cache off', path: '/api/cities/fairview-ca/videos', app: uncached },
      { label: 'GET /api/search', path: '/api/search?q=zoning', app },
    ];
    console.log(`engine: ${database.engine}; ${CONNECTIONS} connections, ${DURATION_S} s each`);
    for (const endpoint of endpoints) {
      const response = await fetch(endpoint.app.url + endpoint.path);
      if (!response.ok) {
        console.log(`${endpoint.label}: unavailable (${response.status}), skipped`);
        continue;
      }
      const body = await response.text();
      const bare = express();
      bare.get(endpoint.path.split('?')[0]!, (_req, res) => {
        res.type('application/json').send(body);
      });
      const bareServer = await listen(bare);
      const ours = await measure(endpoint.app.url + endpoint.path);
      const baseline = await measure(bareServer.url + endpoint.path);
      await bareServer.close();
      const ratio = ours / baseline;
      const verdict = endpoint.target ? (ratio >= TARGET ? ' (target >= 0.5 met)' : ' (target >= 0.5 missed)') : '';
      console.log(`${endpoint.label}: ${ours.toFixed(0)} req/s; bare Express from memory: ${baseline.toFixed(0)} req/s; ratio ${ratio.toFixed(2)}${verdict}`);
      if (endpoint.target && ratio < TARGET) process.exitCode = 1;
    }
    await app.close();
    await uncached.close();
  } finally {
    await database.close();
  }
}

await main();
