import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { CSRF_INVALID_MESSAGE } from '../../core/domain/api-errors.js';
import { isAppError, type Logger } from '../../core/index.js';
import { appErrorAnswer, errorAnswer, internalAnswer, publicIssues, statusAnswer, zodFieldOf, zodMessage, type ErrorAnswer } from '../http-errors.js';

/** The answer to a `%` escape that does not decode (not hex, cut short, or not UTF-8). */
export const UNDECODABLE_URL_MESSAGE = 'The URL is not correctly percent-encoded';

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
 * The last middleware: answers every error in api.md's `{error: {code, message}}` through
 * http-errors.ts. Expected errors (AppError with a code the caller may see, zod, malformed
 * bodies) keep their message; everything else is logged with the request id and answered with a
 * generic 500 that reveals nothing.
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
    const requestId = requestIdOf(req as { id?: unknown });
    const { status, body } = toResponse(error, requestId);
    if (status >= 500) {
      logger.error({ err: error, requestId, method: req.method, path: req.path }, 'request failed');
    }
    res.status(status).json(body);
  };
}

export function toResponse(error: unknown, requestId: string | undefined): ErrorAnswer {
  if (error instanceof ZodError) return errorAnswer('BAD_INPUT', zodMessage(error), { issues: publicIssues(error), field: zodFieldOf(error) });
  if (isAppError(error)) return appErrorAnswer(error, requestId);
  return bodyParserAnswer(error) ?? (isUndecodableUrl(error) ? errorAnswer('BAD_INPUT', UNDECODABLE_URL_MESSAGE) : undefined) ?? httpErrorAnswer(error) ?? internalAnswer(requestId);
}

/** body-parser's refusals, by their `type`, in words of our own (its messages name internals). */
function bodyParserAnswer(error: unknown): ErrorAnswer | undefined {
  const parserError = (typeof error === 'object' && error !== null ? error : {}) as BodyParserError;
  switch (parserError.type) {
    case 'entity.parse.failed':
      return errorAnswer('BAD_INPUT', 'The request body is not valid JSON');
    case 'entity.too.large':
      return errorAnswer('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return errorAnswer('UNSUPPORTED_MEDIA', 'Unsupported request encoding');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return errorAnswer('BAD_INPUT', 'The request body could not be read');
    default:
      return undefined;
  }
}

/**
 * Express 5's router decodes path parameters and throws a URIError marked 400 on a malformed
 * `%` escape (`/api/cities/%E0%A4%A`); it is not marked `expose`, so it is recognised here. Its
 * message echoes the raw value, so the answer uses a message of its own.
 */
function isUndecodableUrl(error: unknown): boolean {
  return error instanceof URIError && (error as URIError & { status?: unknown }).status === 400;
}

/**
 * http-errors thrown by middlewares (csrf-csrf's 403, express.static's, …): 4xx that say so,
 * answered with their status. csrf-csrf's refusal gets a code of its own, CSRF_INVALID: the web
 * app fetches a new token and sends again on that code, never on a message's words.
 */
function httpErrorAnswer(error: unknown): ErrorAnswer | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, expose, code } = error as BodyParserError & { code?: unknown };
  const value = status ?? statusCode;
  if (typeof value !== 'number' || value < 400 || value >= 500 || expose !== true) return undefined;
  if (code === 'EBADCSRFTOKEN') return errorAnswer('CSRF_INVALID', CSRF_INVALID_MESSAGE);
  const message = (error as { message?: unknown }).message;
  return statusAnswer(value, typeof message === 'string' ? message : 'Bad request');
}
