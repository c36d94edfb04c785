import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../core/index.js';

/** Query parameters that carry secrets (the confirmation link's token) are masked in logs. */
const SECRET_PARAMS = /([?&](?:token|code|password|email)=)[^&#]*/gi;

export function maskUrl(url: string | undefined): string {
  return (url ?? '').replace(SECRET_PARAMS, '$1[redacted]');
}

/** Express rewrites req.url inside routers; originalUrl is the URL as it came. */
type RequestLike = IncomingMessage & { id?: unknown; originalUrl?: string };

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * One log line per request with a request id (taken from X-Request-Id when sane, else a new
 * UUID; echoed back in the response). Only method, masked URL, status and timing are logged:
 * never headers, so no cookies, tokens or bodies (no passwords or codes) reach the logs.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (req: RequestLike) => ({ id: req.id, method: req.method, url: maskUrl(req.originalUrl ?? req.url) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    redact: {
      paths: ['req.headers', 'res.headers', 'password', '*.password', 'token', '*.token', 'code', '*.code'],
      censor: '[redacted]',
    },
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      // Static files and the SPA would drown the API lines.
      return ((req as RequestLike).originalUrl ?? req.url ?? '').startsWith('/api/') ? 'info' : 'debug';
    },
  });
}
