/**
 * A fake youtube.com + YouTube Data API on 127.0.0.1 for tests, benchmarks and the offline
 * demo. It replays real recorded responses (see fake-youtube-data.ts) and synthesizes the rest
 * in the same shapes. Point the adapters at `url`: Data API rootUrl `${url}/`, feed and web base
 * `url`. Switches in `options` may be changed while it runs.
 *
 *   Data API  GET /youtube/v3/{playlistItems,videos,channels,search}
 *   web       GET /feeds/videos.xml, /@handle, /c/…, /user/…, /channel/…, /oembed
 *   captions  POST /youtubei/v1/player, GET /watch?v=, GET /api/timedtext
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleDataApi } from './fake-youtube-api.js';
import { handleCaptions } from './fake-youtube-captions.js';
import { loadFakeCatalog } from './fake-youtube-data.js';
import { requireRealFixtures } from './real-fixtures.js';
import { text, type FakeContext, type FakeHandler, type FakeReply, type FakeRequest, type FakeYoutubeOptions } from './fake-youtube-http.js';
import { handleWeb } from './fake-youtube-web.js';

export { DEFAULT_CUES, classicTrack, srv3Track } from './fake-youtube-captions.js';
export * from './fake-youtube-data.js';
export type { FakeYoutubeOptions } from './fake-youtube-http.js';

export interface FakeYoutube {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Every request as "METHOD /path?query", in arrival order. */
  requests: string[];
  /** Live switches: change them between calls. */
  options: FakeYoutubeOptions;
  close(): Promise<void>;
}

const HANDLERS: FakeHandler[] = [handleDataApi, handleCaptions, handleWeb];

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeYoutube(options: FakeYoutubeOptions = {}): Promise<FakeYoutube> {
  const catalog = await loadFakeCatalog(options.realFixturesDir ?? requireRealFixtures());
  const requests: string[] = [];
  const context: FakeContext = { catalog, options };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (options.dataApiHangsUp && url.pathname.startsWith('/youtube/v3/')) {
      req.socket.destroy();
      return;
    }
    readBody(req)
      .then((body) => {
        const request: FakeRequest = { method: req.method ?? 'GET', url, body };
        let reply: FakeReply | null = null;
        for (const handler of HANDLERS) {
          reply = handler(request, context);
          if (reply) break;
        }
        reply ??= text(404, 'text/html; charset=utf-8', '<html><body>404 Not Found</body></html>');
        res.writeHead(reply.status, { 'Content-Type': reply.contentType });
        res.end(reply.body);
      })
      .catch((error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    options,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
