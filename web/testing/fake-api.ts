import type { SessionAnswer } from '@domain/session.js';

/** One request the app made, as the fake server saw it. */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** What a handler returns: a Response, or a body to send as 200 JSON. */
export type FakeHandler = (request: FakeRequest) => Response | object | undefined | Promise<Response | object | undefined>;

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** api.md's error body. */
export function errorResponse(status: number, code: string, message: string, issues?: unknown[]): Response {
  return jsonResponse(status, { error: { code, message, ...(issues ? { issues } : {}) } });
}

export const visitorSession: SessionAnswer = { user: null, isAdmin: false, csrfToken: 'csrf-visitor' };

export function memberSession(email = 'ana@example.org', overrides: Partial<SessionAnswer> = {}): SessionAnswer {
  return {
    user: { id: 'user-1', email, email_confirmed_at: '2026-01-01T00:00:00.000Z' },
    isAdmin: false,
    csrfToken: 'csrf-member',
    expires_at: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    ...overrides,
  };
}

export function adminSession(email = 'ed@example.org'): SessionAnswer {
  return memberSession(email, { isAdmin: true, csrfToken: 'csrf-admin' });
}

/**
 * A fake of the server behind `fetch`, keyed by "METHOD /path" (no query string). Unknown
 * requests answer 404 in api.md's shape, so a test notices a call it did not expect.
 * GET /api/auth/session answers a visitor unless a handler says otherwise.
 */
export function createFakeApi(handlers: Record<string, FakeHandler> = {}) {
  const requests: FakeRequest[] = [];
  const routes: Record<string, FakeHandler> = { 'GET /api/auth/session': () => visitorSession, ...handlers };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = { method, url, headers: new Headers(init.headers), body: text ? JSON.parse(text) : undefined };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return errorResponse(404, 'NOT_FOUND', `No fake for ${method} ${url.pathname}`);
    const answer = await handler(request);
    if (answer instanceof Response) return answer;
    return jsonResponse(200, answer);
  };

  return {
    fetch,
    requests,
    /** Replaces or adds a handler mid-test. */
    on(key: string, handler: FakeHandler) {
      routes[key] = handler;
    },
    /** The requests made to "METHOD /path". */
    callsTo(key: string): FakeRequest[] {
      return requests.filter((request) => `${request.method} ${request.url.pathname}` === key);
    },
  };
}
