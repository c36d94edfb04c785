import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { isAppError, isKeyRejected, type ErrorCode, type Logger } from '../../core/index.js';

/** HTTP status per AppError code (api.md); anything not listed is a 500 with no internals. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
};

/** The answer to a `%` escape that does not decode (not hex, cut short, or not UTF-8). */
export const UNDECODABLE_URL_MESSAGE = 'The URL is not correctly percent-encoded';

export interface ErrorBody {
  error: { code: string; message: string; issues?: unknown; requestId?: string };
}

/** Zod issues in a shape safe for the client: path, message, code (no input echo). */
export function publicIssues(error: ZodError): { path: (string | number)[]; message: string; code: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
    message: issue.message,
    code: issue.code,
  }));
}

/** The first issue's message: the one-line message of a 400 (the full list goes in `issues`). */
export function zodMessage(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input';
  return first.message;
}

function isZodIssueList(details: unknown): details is ZodError['issues'] {
  return (
    Array.isArray(details) &&
    details.length > 0 &&
    details.every((item) => typeof item === 'object' && item !== null && 'message' in item && 'path' in item && 'code' in item)
  );
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

function requestIdOf(req: { id?: unknown }): string | undefined {
  return typeof req.id === 'string' || typeof req.id === 'number' ? String(req.id) : undefined;
}

/**
 * The last middleware: maps errors to api.md's `{error: {code, message}}`. Expected errors
 * (AppError with a known code, zod, malformed bodies) keep their message; everything else is
 * logged with the request id and answered with a generic 500 that reveals nothing.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      // Too late to answer (a session that failed to save as the response ended). Logged here,
      // not by Express's default handler: that prints the whole error with console.error,
      // database parameters included (the session id and contents).
      logger.error({ err: error, requestId: requestIdOf(req as { id?: unknown }), method: req.method, path: req.path }, 'request failed after its response began');
      if (!res.writableEnded) req.socket.destroy();
      return;
    }
    const { status, body } = toResponse(error, requestIdOf(req as { id?: unknown }));
    if (status >= 500) {
      logger.error({ err: error, requestId: body.error.requestId, method: req.method, path: req.path }, 'request failed');
    }
    res.status(status).json(body);
  };
}

export function toResponse(error: unknown, requestId: string | undefined): { status: number; body: ErrorBody } {
  if (error instanceof ZodError) {
    return {
      status: 400,
      body: { error: { code: 'BAD_INPUT', message: zodMessage(error), issues: publicIssues(error) } },
    };
  }
  if (isKeyRejected(error)) {
    // YouTube or the model refused our key: the operator can act on the message (it names the
    // setting), so it is shown as a 502 from upstream, not hidden behind "Something went wrong".
    return { status: 502, body: { error: { code: 'UPSTREAM', message: error.message } } };
  }
  if (isAppError(error)) {
    const status = STATUS[error.code];
    if (status !== undefined) {
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.code === 'BAD_INPUT' && isZodIssueList(error.details)) {
        body.error.issues = publicIssues(new ZodError(error.details));
      }
      return { status, body };
    }
  }
  const parserError = (typeof error === 'object' && error !== null ? error : {}) as BodyParserError;
  switch (parserError.type) {
    case 'entity.parse.failed':
      return { status: 400, body: { error: { code: 'BAD_INPUT', message: 'The request body is not valid JSON' } } };
    case 'entity.too.large':
      return { status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } } };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA', message: 'Unsupported request encoding' } } };
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return { status: 400, body: { error: { code: 'BAD_INPUT', message: 'The request body could not be read' } } };
    default:
      break;
  }
  if (isUndecodableUrl(error)) {
    return { status: 400, body: { error: { code: 'BAD_INPUT', message: UNDECODABLE_URL_MESSAGE } } };
  }
  const httpError = httpErrorResponse(error);
  if (httpError) return httpError;
  return {
    status: 500,
    body: { error: { code: 'INTERNAL', message: 'Something went wrong', ...(requestId ? { requestId } : {}) } },
  };
}

/**
 * Express 5's router decodes path parameters and throws a URIError marked 400 on a malformed
 * `%` escape (`/api/cities/%E0%A4%A`); it is not marked `expose`, so it is recognised here. Its
 * message echoes the raw value, so the answer uses a message of its own.
 */
function isUndecodableUrl(error: unknown): boolean {
  return error instanceof URIError && (error as URIError & { status?: unknown }).status === 400;
}

const HTTP_CODES: Record<number, string> = {
  400: 'BAD_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'BAD_INPUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

/** http-errors thrown by middlewares (csrf-csrf's 403, express.static's, …): 4xx that say so. */
function httpErrorResponse(error: unknown): { status: number; body: ErrorBody } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, expose, code } = error as BodyParserError & { code?: unknown };
  const value = status ?? statusCode;
  if (typeof value !== 'number' || value < 400 || value >= 500 || expose !== true) return undefined;
  if (code === 'EBADCSRFTOKEN') {
    return { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Invalid or missing CSRF token' } } };
  }
  const message = (error as { message?: unknown }).message;
  return {
    status: value,
    body: { error: { code: HTTP_CODES[value] ?? 'BAD_INPUT', message: typeof message === 'string' ? message : 'Bad request' } },
  };
}
