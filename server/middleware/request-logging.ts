import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { maskSecretParams, type Logger } from '../../core/index.js';

/**
 * Query parameters that carry secrets (confirmation and reset links, codes, keys) are masked
 * in the log line at every level: pages such as `/auth?confirm=…` are logged at debug.
 */
export function maskUrl(url: string | undefined): string {
  return maskSecretParams(url ?? '');
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

type Level = 'error' | 'info' | 'debug';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Failures are errors; writes (a sign-in, a story saved) and refused requests are info;
 * reads that worked are debug. One visit makes hundreds of those (the app shell, its files
 * and the reads behind each screen), which drowned the lines an operator looks for:
 * LOG_LEVEL=debug shows them all (README, Configuration).
 */
export function levelOf(req: Pick<Request, 'method' | 'originalUrl'>, status: number): Level {
  if (status >= 500) return 'error';
  if (!req.originalUrl.startsWith('/api/')) return 'debug';
  return READS.has(req.method) && status < 400 ? 'debug' : 'info';
}

/**
 * One log line per request with a request id (taken from X-Request-Id when sane, else a new
 * UUID; echoed back in the response and kept as req.id for the error handler). Only method,
 * masked URL, status and timing are logged: never headers, so no cookies, tokens or bodies
 * (no passwords or codes) reach the logs. Written here rather than with pino-http: a line
 * costs one pino call at the end, where pino-http made a child logger for every request, a
 * tenth of the time of a cached public read.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const line = (msg: string, level: Level) => {
      if (!logger.isLevelEnabled(level)) return;
      const responseTime = Math.round(performance.now() - started);
      logger[level]({ req: { id, method: req.method, url: maskUrl(req.originalUrl) }, res: { statusCode: res.statusCode }, responseTime }, msg);
    };
    res.once('finish', () => line('request completed', levelOf(req, res.statusCode)));
    res.once('close', () => {
      if (!res.writableFinished) line('request aborted', 'info');
    });
    next();
  };
}
