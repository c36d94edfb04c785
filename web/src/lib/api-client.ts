import { safeParse, type core } from 'zod/mini';
import { codeForStatus, type ApiIssue } from '@domain/api-errors.js';
import { sessionSchema } from '@domain/session.js';
import { apiPaths } from './paths.js';

/**
 * The core/domain schema of an answer. zod/mini's type and parser accept classic and mini
 * schemas alike, and pull in neither API's methods (core/domain/session.ts says why that matters).
 */
type Schema<T> = core.$ZodType<T>;


/**
 * Every failed call, whatever went wrong: the server's `{error: {code, message, issues}}`, an
 * answer that is not JSON, no answer at all (status 0, code NETWORK) or an answer that does
 * not match the schema (code BAD_RESPONSE). Components show `message`; logic reads `code`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** A 400's input field at fault (api-errors.ts), for a form to show the message under it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Worth asking again: no answer, a timeout, rate limiting or a server fault; never a 4xx verdict. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const BAD_RESPONSE_MESSAGE = 'The server sent an answer this page cannot read.';

function isIssue(value: unknown): value is ApiIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Partial<ApiIssue>;
  return Array.isArray(path) && typeof message === 'string';
}

/** Reads a failed response into an ApiError, trusting only fields of the documented shape. */
async function toApiError(response: Response): Promise<ApiError> {
  const fallbackCode = codeForStatus(response.status);
  const fallbackMessage = `Something went wrong (HTTP ${response.status}). Please try again.`;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(response.status, fallbackCode, fallbackMessage);
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return new ApiError(response.status, fallbackCode, fallbackMessage);
  const { code, message, issues, field } = error as { code?: unknown; message?: unknown; issues?: unknown; field?: unknown };
  return new ApiError(
    response.status,
    typeof code === 'string' && code ? code : fallbackCode,
    typeof message === 'string' && message ? message : fallbackMessage,
    Array.isArray(issues) ? issues.filter(isIssue) : [],
    typeof field === 'string' && field ? field : undefined,
  );
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query | undefined;
  signal?: AbortSignal | undefined;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Origin of the API; empty means the page's own origin (the server serves both). */
  baseUrl?: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

function urlOf(baseUrl: string, path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `${baseUrl}${path}${text ? `?${text}` : ''}`;
}

function parseWith<T>(schema: Schema<T>, status: number, data: unknown): T {
  const parsed = safeParse(schema, data);
  if (!parsed.success) throw new ApiError(status, 'BAD_RESPONSE', BAD_RESPONSE_MESSAGE);
  return parsed.data;
}

/**
 * The one way the web app talks to the server: JSON in and out, answers checked against the
 * core/domain schema, errors as ApiError, and the CSRF token (from GET /api/auth/session) sent
 * on every state-changing request. A rejected token (the session expired or was replaced) is
 * fetched again once, so a page left open for a day still submits its form.
 */
export function createApiClient({ fetch: fetchFn = (...args) => globalThis.fetch(...args), baseUrl = '' }: ApiClientOptions = {}) {
  let csrfToken: string | null = null;

  async function call(method: string, path: string, body: unknown, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (!SAFE_METHODS.has(method)) headers['X-CSRF-Token'] = csrfToken ?? (await refreshCsrfToken(options.signal));
    try {
      return await fetchFn(urlOf(baseUrl, path, options.query), {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      // An abort is the caller's choice (the query layer cancels requests nobody waits for): pass it on.
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
    }
  }

  async function refreshCsrfToken(signal?: AbortSignal): Promise<string> {
    const session = await request('GET', apiPaths.session(), undefined, sessionSchema, { signal });
    csrfToken = session.csrfToken;
    return csrfToken;
  }

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    schema: Schema<T> | undefined,
    options: RequestOptions = {},
  ): Promise<T> {
    let response = await call(method, path, body, options);
    if (!response.ok) {
      let error = await toApiError(response);
      // Keyed on the code, never the message: a reworded message must not stop forms working.
      if (error.code === 'CSRF_INVALID' && !SAFE_METHODS.has(method)) {
        csrfToken = null;
        response = await call(method, path, body, options);
        if (response.ok) return readBody(response, schema);
        error = await toApiError(response);
      }
      throw error;
    }
    return readBody(response, schema);
  }

  async function readBody<T>(response: Response, schema: Schema<T> | undefined): Promise<T> {
    if (!schema) return undefined as T;
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      throw new ApiError(response.status, 'BAD_RESPONSE', BAD_RESPONSE_MESSAGE);
    }
    return parseWith(schema, response.status, data);
  }

  return {
    get: <T>(path: string, schema: Schema<T>, options?: RequestOptions) => request('GET', path, undefined, schema, options),
    /** Without a schema the answer's body is ignored (201, 202 and 204 answers). */
    post: <T = void>(path: string, body?: unknown, schema?: Schema<T>, options?: RequestOptions) =>
      request('POST', path, body, schema, options),
    patch: <T = void>(path: string, body?: unknown, schema?: Schema<T>, options?: RequestOptions) =>
      request('PATCH', path, body, schema, options),
    put: <T = void>(path: string, body?: unknown, schema?: Schema<T>, options?: RequestOptions) =>
      request('PUT', path, body, schema, options),
    /** multipart/form-data (a file upload), with the CSRF header like every other write. */
    postForm: <T>(path: string, form: FormData, schema: Schema<T>, options?: RequestOptions) => request('POST', path, form, schema, options),
    delete: <T = void>(path: string, schema?: Schema<T>, options?: RequestOptions) =>
      request('DELETE', path, undefined, schema, options),
    /** The AuthProvider hands over the token of every session answer (and null on sign-out). */
    setCsrfToken(token: string | null) {
      csrfToken = token;
    },
  };
}

/** The app's client. Tests make their own with `createApiClient({ fetch })`. */
export const api = createApiClient();
