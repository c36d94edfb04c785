import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeApi, errorResponse, jsonResponse } from '@testing/fake-api.js';
import { ApiError, BAD_RESPONSE_MESSAGE, createApiClient, isRetryable, NETWORK_MESSAGE } from './api-client.js';

const itemSchema = z.object({ id: z.string() });

function clientFor(handlers: Parameters<typeof createFakeApi>[0]) {
  const fake = createFakeApi(handlers);
  return { fake, client: createApiClient({ fetch: fake.fetch }) };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: error mapping', () => {
  it("keeps the server's code, message and zod issues (api.md error shape)", async () => {
    const issues = [{ path: ['email'], message: 'Please fill in all required fields.', code: 'too_small' }];
    const { client } = clientFor({
      'POST /api/contact': () => errorResponse(400, 'BAD_INPUT', 'Please fill in all required fields.', issues),
    });
    const error = await failureOf(client.post('/api/contact', { email: '' }));
    expect(error).toMatchObject({ status: 400, code: 'BAD_INPUT', message: 'Please fill in all required fields.' });
    expect(error.issues).toEqual(issues);
    expect(error.field).toBeUndefined();
  });

  it("keeps the field a 400 names, for the form to show the message under it", async () => {
    const { client } = clientFor({
      'POST /api/contact': () => jsonResponse(400, { error: { code: 'BAD_INPUT', message: 'Please enter a valid email address.', field: 'email' } }),
    });
    expect(await failureOf(client.post('/api/contact', { email: 'ana' }))).toMatchObject({ status: 400, field: 'email' });
  });

  it('names the status when the answer is not JSON (a proxy error page)', async () => {
    const { client } = clientFor({ 'GET /api/cities': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await failureOf(client.get('/api/cities', itemSchema));
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: 'Something went wrong (HTTP 502). Please try again.' });
  });

  it('maps a JSON answer without an error object to the status code', async () => {
    const { client } = clientFor({ 'GET /api/cities/x': () => jsonResponse(404, { nope: true }) });
    expect(await failureOf(client.get('/api/cities/x', itemSchema))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('reports no answer at all as NETWORK with status 0', async () => {
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await failureOf(client.get('/api/cities', itemSchema))).toMatchObject({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
  });

  it('refuses an answer that does not match the schema', async () => {
    const { client } = clientFor({ 'GET /api/item': () => ({ id: 42 }) });
    expect(await failureOf(client.get('/api/item', itemSchema))).toMatchObject({ code: 'BAD_RESPONSE', message: BAD_RESPONSE_MESSAGE });
  });

  it('passes an abort on as it is, so cancelled queries are not shown as errors', async () => {
    const controller = new AbortController();
    const client = createApiClient({
      fetch: () => {
        controller.abort();
        return Promise.reject(new DOMException('Aborted', 'AbortError'));
      },
    });
    await expect(client.get('/api/item', itemSchema, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api client: requests', () => {
  it('parses answers and leaves out empty query values', async () => {
    const { client, fake } = clientFor({ 'GET /api/item': () => ({ id: 'a', extra: 'dropped' }) });
    expect(await client.get('/api/item', itemSchema, { query: { limit: 10, city: '', q: undefined } })).toEqual({ id: 'a' });
    expect(fake.requests[0]?.url.search).toBe('?limit=10');
  });

  it('sends no CSRF token on reads and the session token on writes, fetching it first if needed', async () => {
    const { client, fake } = clientFor({
      'GET /api/auth/session': () => ({ user: null, isAdmin: false, csrfToken: 'tok-1' }),
      'GET /api/item': () => ({ id: 'a' }),
      'POST /api/contact': () => jsonResponse(201, { id: 'c' }),
    });
    await client.get('/api/item', itemSchema);
    await client.post('/api/contact', { message: 'hi' });
    expect(fake.requests[0]?.headers.get('X-CSRF-Token')).toBeNull();
    expect(fake.callsTo('GET /api/auth/session')).toHaveLength(1);
    const post = fake.callsTo('POST /api/contact')[0];
    expect(post?.headers.get('X-CSRF-Token')).toBe('tok-1');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.body).toEqual({ message: 'hi' });
  });

  it('uses the token it was given and, when the server rejects it, fetches a new one and tries once more', async () => {
    const { client, fake } = clientFor({
      'GET /api/auth/session': () => ({ user: null, isAdmin: false, csrfToken: 'fresh' }),
      'POST /api/city-requests': (request) =>
        request.headers.get('X-CSRF-Token') === 'fresh'
          ? jsonResponse(201, { id: 'r' })
          : errorResponse(403, 'CSRF_INVALID', 'Invalid or missing CSRF token'),
    });
    client.setCsrfToken('stale');
    await client.post('/api/city-requests', { state: 'Oregon' });
    expect(fake.callsTo('POST /api/city-requests').map((request) => request.headers.get('X-CSRF-Token'))).toEqual(['stale', 'fresh']);
  });

  it("retries on the CSRF_INVALID code whatever the message says, and only once", async () => {
    const { client, fake } = clientFor({
      'GET /api/auth/session': () => ({ user: null, isAdmin: false, csrfToken: 'fresh' }),
      'PATCH /api/profile': () => errorResponse(403, 'CSRF_INVALID', 'Your session changed: reload the page'),
    });
    client.setCsrfToken('stale');
    expect(await failureOf(client.patch('/api/profile', { home_city_key: 'x' }))).toMatchObject({ status: 403, code: 'CSRF_INVALID' });
    expect(fake.callsTo('PATCH /api/profile').map((request) => request.headers.get('X-CSRF-Token'))).toEqual(['stale', 'fresh']);
  });

  it('does not retry other 403s, even one worded like the CSRF refusal', async () => {
    const { client, fake } = clientFor({
      'DELETE /api/profile': () => errorResponse(403, 'FORBIDDEN', 'Not allowed'),
      'POST /api/contact': () => errorResponse(403, 'FORBIDDEN', 'Invalid or missing CSRF token'),
    });
    client.setCsrfToken('tok');
    expect(await failureOf(client.delete('/api/profile'))).toMatchObject({ status: 403, message: 'Not allowed' });
    expect(fake.callsTo('DELETE /api/profile')).toHaveLength(1);
    expect(await failureOf(client.post('/api/contact', { message: 'hi' }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(fake.callsTo('POST /api/contact')).toHaveLength(1);
  });

  it('returns undefined for answers without a schema (204)', async () => {
    const { client } = clientFor({ 'POST /api/auth/logout': () => jsonResponse(204) });
    client.setCsrfToken('tok');
    await expect(client.post('/api/auth/logout')).resolves.toBeUndefined();
  });
});

describe('isRetryable', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('status %i -> %s', (status, expected) => {
    expect(isRetryable(new ApiError(status, 'X', 'x'))).toBe(expected);
  });

  it('never retries errors that are not ApiErrors (bugs)', () => {
    expect(isRetryable(new TypeError('x'))).toBe(false);
  });
});

describe('api client: file uploads', () => {
  it('sends FormData as it is (multipart, no JSON type) with the CSRF token, and parses the answer', async () => {
    const seen: RequestInit[] = [];
    const fake = createFakeApi({ 'POST /api/admin/uploads/business-images': () => jsonResponse(201, { id: 'stored' }) });
    const client = createApiClient({
      fetch: (input, init) => {
        seen.push(init ?? {});
        return fake.fetch(input, init);
      },
    });
    client.setCsrfToken('tok-upload');
    const form = new FormData();
    form.set('file', new Blob(['png bytes'], { type: 'image/png' }), 'logo.png');
    await expect(client.postForm('/api/admin/uploads/business-images', form, itemSchema)).resolves.toEqual({ id: 'stored' });
    const init = seen.at(-1)!;
    expect(init.body).toBe(form);
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('X-CSRF-Token')).toBe('tok-upload');
  });
});
