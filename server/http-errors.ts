import type { Response } from 'express';
import { ZodError } from 'zod';
import { API_ERROR_STATUS, codeForStatus, INTERNAL_MESSAGE, type ApiErrorBody, type ApiErrorCode, type ApiIssue } from '../core/domain/api-errors.js';
import { isKeyRejected, type AppError, type ErrorCode } from '../core/index.js';

/**
 * The one place the server turns an error into an HTTP answer (style.md §7): core's AppError
 * codes onto api.md's wire codes and statuses (core/domain/api-errors.ts). Routers and
 * middlewares throw AppErrors or call `sendError`; none writes an error status or body itself
 * (http-errors.test.ts reads their source to hold them to it).
 *
 * Codes that are our own fault answer INTERNAL: their message names hosts, settings or SQL,
 * which the log keeps and the caller never sees.
 */
const WIRE_CODE: Record<ErrorCode, ApiErrorCode> = {
  BAD_INPUT: 'BAD_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  UPSTREAM: 'UPSTREAM',
  CONFIG: 'INTERNAL',
  DATABASE_UNAVAILABLE: 'INTERNAL',
  MIGRATION_FAILED: 'INTERNAL',
  INTERNAL: 'INTERNAL',
};

export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
}

/** What an error body may carry beside its code and message (api.md; core/domain/api-errors.ts). */
interface ErrorExtras {
  issues?: ApiIssue[] | undefined;
  field?: string | undefined;
  description?: string | undefined;
  requestId?: string | undefined;
}

export function errorAnswer(code: ApiErrorCode, message: string, extras: ErrorExtras = {}): ErrorAnswer {
  const { issues, field, description, requestId } = extras;
  return {
    status: API_ERROR_STATUS[code],
    body: {
      error: {
        code,
        message,
        ...(issues ? { issues } : {}),
        ...(field !== undefined ? { field } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(requestId !== undefined ? { request_id: requestId } : {}),
      },
    },
  };
}

/** For middlewares that refuse without throwing (guards, rate limiters, the 404 of an unknown path). */
export function sendError(res: Response, code: ApiErrorCode, message: string, extras?: ErrorExtras): void {
  const { status, body } = errorAnswer(code, message, extras);
  res.status(status).json(body);
}

/** A 500 that reveals nothing but the id the log files it under. */
export function internalAnswer(requestId: string | undefined): ErrorAnswer {
  return errorAnswer('INTERNAL', INTERNAL_MESSAGE, { requestId });
}

/**
 * A library's refusal that names only its status (an http-error: csrf-csrf's aside, a 405, a
 * 416): that status is kept, with the nearest of api.md's codes.
 */
export function statusAnswer(status: number, message: string): ErrorAnswer {
  return { status, body: errorAnswer(codeForStatus(status), message).body };
}

/** An AppError's answer: its wire code's status, its message, and the details safe to show. */
export function appErrorAnswer(error: AppError, requestId: string | undefined): ErrorAnswer {
  // YouTube or the model refused our key: a CONFIG error the operator can act on (the message
  // names the setting), so it is a 502 from upstream with the message, not a bare 500.
  const keyRejected: boolean = isKeyRejected(error); // a plain boolean: the guard would narrow `error` to never after it
  if (keyRejected) return errorAnswer('UPSTREAM', error.message);
  const code = WIRE_CODE[error.code];
  if (code === 'INTERNAL') return internalAnswer(requestId);
  const details = error.details;
  if (code !== 'BAD_INPUT') return errorAnswer(code, error.message, { description: descriptionOf(details) });
  const zodIssues = zodIssuesOf(details);
  return errorAnswer(code, error.message, {
    issues: zodIssues ? publicIssues(new ZodError(zodIssues)) : undefined,
    field: fieldOf(details, zodIssues),
    description: descriptionOf(details),
  });
}

/** Zod's issues, given as the details (server/middleware/validate.ts) or under `details.issues` (core/validation.ts). */
function zodIssuesOf(details: unknown): ZodError['issues'] | undefined {
  if (isZodIssueList(details)) return details;
  const nested = (details as { issues?: unknown } | null | undefined)?.issues;
  return isZodIssueList(nested) ? nested : undefined;
}

/**
 * The input field at fault: one core named (`details.field`), else the first zod issue's
 * top-level key, which is the request's own snake_case name for it.
 */
function fieldOf(details: unknown, zodIssues: ZodError['issues'] | undefined): string | undefined {
  const named = (details as { field?: unknown } | null | undefined)?.field;
  if (typeof named === 'string') return named;
  const key = zodIssues?.[0]?.path[0];
  return typeof key === 'string' ? key : undefined;
}

/** For a ZodError thrown past the routes' own parsing (server/middleware/errors.ts). */
export function zodFieldOf(error: ZodError): string | undefined {
  return fieldOf(undefined, error.issues);
}

/** Zod issues in a shape safe for the client: path, message, code (no input echo). */
export function publicIssues(error: ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
    message: issue.message,
    code: issue.code,
  }));
}

/** The first issue's message: the one-line message of a 400 (the full list goes in `issues`). */
export function zodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

function isZodIssueList(details: unknown): details is ZodError['issues'] {
  return (
    Array.isArray(details) &&
    details.length > 0 &&
    details.every((item) => typeof item === 'object' && item !== null && 'message' in item && 'path' in item && 'code' in item)
  );
}

/** Core's refusals with a second line for the toast (core/storage/image-check.ts) say it in `details.description`. */
function descriptionOf(details: unknown): string | undefined {
  const description = (details as { description?: unknown } | null | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
}
