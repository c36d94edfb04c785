import { z } from 'zod/mini';

/**
 * api.md's error answers: `{error: {code, message}}` and the HTTP status of each code. The server
 * answers with these (server/http-errors.ts maps core's AppError codes onto them); the web app
 * reads them (web/src/lib/api-client.ts). Core's services never see a status: this is the wire
 * contract, shared here so both ends hold the same table.
 */
export const API_ERROR_STATUS = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** The X-CSRF-Token header is missing or not this session's: fetch a new token and send again. */
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  /** Our fault; the message reveals nothing (the log has the request id's details). */
  INTERNAL: 500,
  /** A service we call (YouTube, the model) failed or refused our key; the message says which. */
  UPSTREAM: 502,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const CSRF_INVALID_MESSAGE = 'Invalid or missing CSRF token';
export const INTERNAL_MESSAGE = 'Something went wrong';

/** One zod issue as a 400 lists it under `error.issues`: where, what, which rule (never the input). */
const apiIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.optional(z.string()),
});
export type ApiIssue = z.infer<typeof apiIssueSchema>;

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** 400 only: every zod issue of the refused input. */
    issues: z.optional(z.array(apiIssueSchema)),
    /**
     * 400 only, when one input field is at fault: its snake_case name as the request named it
     * (the first zod issue's path), so a form can show the message under that field.
     */
    field: z.optional(z.string()),
    /** A second line for the toast under the message (spec §8's upload refusals). */
    description: z.optional(z.string()),
    /** 500 only: the id the server's log files the failure under. */
    request_id: z.optional(z.string()),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

const CLIENT_ERROR_CODES = new Map<number, ApiErrorCode>();
for (const [code, status] of Object.entries(API_ERROR_STATUS) as [ApiErrorCode, number][]) {
  // FORBIDDEN before CSRF_INVALID: a bare 403 says "not allowed", not "send a new token".
  if (status < 500 && !CLIENT_ERROR_CODES.has(status)) CLIENT_ERROR_CODES.set(status, code);
}

/**
 * The code for a refusal that came without api.md's body (a proxy's error page, a library's
 * http-error): the table's code for its status, else BAD_INPUT for a 4xx and INTERNAL beyond.
 */
export function codeForStatus(status: number): ApiErrorCode {
  return CLIENT_ERROR_CODES.get(status) ?? (status >= 500 ? 'INTERNAL' : 'BAD_INPUT');
}
