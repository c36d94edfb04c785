import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCity } from '../../core/testing/builders.js';
import { addMeeting } from '../../core/testing/search-meetings.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { PUBLIC_ENDPOINTS } from './public-endpoints.js';

/** "/cities/{locationKey}" as Express writes it: "/cities/:locationKey". */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  slash?: boolean;
  rawPath?: string;
}

/** Every route Express answers, as "GET /api/cities/:locationKey", walking the mounted routers. */
function* routesOf(stack: readonly Layer[], prefix = ''): Generator<string> {
  for (const layer of stack) {
    if (layer.route) for (const method of Object.keys(layer.route.methods)) yield `${method.toUpperCase()} ${prefix}${layer.route.path}`;
    else if (layer.handle?.stack) yield* routesOf(layer.handle.stack, prefix + (layer.slash ? '' : (layer.rawPath ?? '')));
  }
}

/**
 * What only a signed-in member, the accounts or the staff read, or the holder of an alert's
 * unsubscribe token (issue 27): private by design, not the open API.
 */
const PRIVATE = /^GET \/api\/(?:admin|auth|profile|alerts)\b/;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let visitor: TestAgent;
  let routes: string[];

  beforeAll(async () => {
    t = await createTestApp('pglite', { app: { apiReadsPerMinute: 1000 } });
    routes = [...routesOf((t.app as Express & { router: { stack: Layer[] } }).router.stack)];
    const city = await buildCity(t.db, { name: 'Alder', state: 'CA', location_key: 'alder-ca', status: 'Live' });
    await addMeeting(t.db, city.id, { video_id: 'alderCC0001', title: 'Alder Council', says: [[1, 'Call to order.']] });
    visitor = await t.signedOutAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes every public GET route the server has, and no route it does not have', () => {
    const publicGets = routes.filter((route) => route.startsWith('GET /api/') && !PRIVATE.test(route));
    const documented = PUBLIC_ENDPOINTS.map((endpoint) => `GET /api${expressPath(endpoint.path)}`);
    expect([...publicGets].sort()).toEqual([...documented].sort());
  });

  it('is OpenAPI 3.1 with a JSON Schema from the zod schemas for each answer and parameter', async () => {
    const res = await visitor.get('/api/openapi.json').expect(200);
    const document = res.body as { openapi: string; paths: Record<string, { get: { parameters: { name: string; in: string; schema: unknown }[]; responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }> } }> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(PUBLIC_ENDPOINTS.map((endpoint) => endpoint.path).sort());
    const search = document.paths['/search']!.get;
    expect(search.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['query:q', 'query:city', 'query:limit', 'query:sort']);
    const answer = search.responses['200']!.content['application/json']!.schema;
    expect(answer).toMatchObject({ type: 'object', required: expect.arrayContaining(['results', 'count', 'has_more']) });
    const city = document.paths['/cities/{locationKey}']!.get;
    expect(city.parameters).toEqual([expect.objectContaining({ name: 'locationKey', in: 'path', required: true })]);
    expect(document.paths['/videos/{id}/transcript.{format}']!.get.parameters[1]).toMatchObject({ name: 'format', schema: { enum: ['vtt', 'srt', 'txt'] } });
  });

  it('answers what it says: a documented JSON answer parses with its own schema', async () => {
    for (const endpoint of PUBLIC_ENDPOINTS.filter((e) => 'json' in e.answer && !e.path.includes('{'))) {
      const res = await visitor.get(`/api${endpoint.path}`).expect(200);
      if ('json' in endpoint.answer) expect(z.safeParse(endpoint.answer.json, res.body).success, endpoint.path).toBe(true);
    }
  });
});

describe('the open API at the door', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { app: { apiReadsPerMinute: 3 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets any origin read the public endpoints, without credentials, and nothing private', async () => {
    const agent = await t.signedOutAgent();
    const read = await agent.get('/api/cities').set('Origin', 'https://newsroom.example').expect(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await supertest(t.app).options('/api/cities').set('Origin', 'https://newsroom.example').set('Access-Control-Request-Method', 'GET').expect(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
    const session = await agent.get('/api/auth/session').set('Origin', 'https://newsroom.example');
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits each address to its reads a minute, with the RateLimit headers, and counts no private request', async () => {
    const agent = await t.signedOutAgent();
    // The limit is 3 a minute here; the test above spent one (OPTIONS is not a read).
    await agent.get('/api/business-categories').expect(200);
    const last = await agent.get('/api/openapi.json').expect(200);
    expect(last.headers['ratelimit']).toMatch(/r=0/);
    const refused = await agent.get('/api/cities').expect(429);
    expect(refused.body.error.message).toBe('Too many requests: this API allows 3 reads a minute from one address. Please wait a minute and try again.');
    // The site's own private reads are not the open API's to count.
    await agent.get('/api/auth/session').expect(200);
  });
});
