import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type core } from 'zod';
import { openApiDocument } from './openapi/openapi-document.js';
import { createTestApp, type TestAgent, type TestApp } from './testing/test-app.js';
import { seedResources, type ResourceFixtures } from './testing/resource-fixtures.js';
import { fillPattern, listRoutes } from './testing/route-table.js';

/**
 * One case style for the API (docs/http-api-additions.md, Conventions): every JSON field is
 * snake_case, except the names api.md itself spells in camelCase, kept so that outside tools
 * written against it keep working.
 */
const API_MD_NAMES = new Set(['isAdmin', 'csrfToken', 'needsConfirmation']);

const isCamelCase = (key: string) => /[a-z0-9][A-Z]/.test(key) && !API_MD_NAMES.has(key);

type JsonSchema = { properties?: Record<string, JsonSchema>; [key: string]: unknown };

/** Every camelCase property name in a JSON Schema, with where it is. */
function camelCaseProperties(schema: unknown, at: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item) => camelCaseProperties(item, at));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as JsonSchema;
  const own = Object.entries(node.properties ?? {}).flatMap(([key, value]) => [
    ...(isCamelCase(key) ? [`${at}.${key}`] : []),
    ...camelCaseProperties(value, `${at}.${key}`),
  ]);
  const nested = Object.entries(node)
    .filter(([key]) => key !== 'properties')
    .flatMap(([, value]) => camelCaseProperties(value, at));
  return [...own, ...nested];
}

/** Every camelCase key of a JSON answer (strings are not looked into: a story is JSON text in one). */
function camelCaseKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => camelCaseKeys(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [...(isCamelCase(key) ? [`${at}.${key}`] : []), ...camelCaseKeys(inner, `${at}.${key}`)]);
}

const isZodSchema = (value: unknown): value is core.$ZodType => typeof value === 'object' && value !== null && '_zod' in value;

describe('the API schemas', () => {
  it('hold no camelCase field: every schema core/domain shares with the web app, as sent and as received', async () => {
    const domain = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../core/domain');
    const files = fs.readdirSync(domain).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const offenders: string[] = [];
    let schemas = 0;
    for (const file of files) {
      const module = (await import(path.join(domain, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module).filter(([, value]) => isZodSchema(value))) {
        schemas += 1;
        for (const io of ['input', 'output'] as const) {
          offenders.push(...camelCaseProperties(z.toJSONSchema(value as core.$ZodType, { io, unrepresentable: 'any' }), `${file} ${name} (${io})`));
        }
      }
    }
    // The admin pipeline, the newsroom, auth, search, cities, listings… not a vacuous pass.
    expect(schemas).toBeGreaterThan(40);
    expect([...new Set(offenders)]).toEqual([]);
  });

  it('hold no camelCase field in the OpenAPI document of the public reads', () => {
    const document = openApiDocument({ siteName: 'Town Crier', publicUrl: 'http://localhost', version: '1', readsPerMinute: 60 });
    expect(camelCaseProperties(document, 'openapi')).toEqual([]);
  });

  it('are checked by a rule that sees camelCase (the guard itself can fail)', () => {
    expect(camelCaseProperties(z.toJSONSchema(z.object({ a: z.object({ costUsd: z.number() }) })), 'x')).toEqual(['x.a.costUsd']);
    expect(camelCaseKeys({ rows: [{ last_run: { startedAt: 1 } }], isAdmin: true })).toEqual(['.rows[0].last_run.startedAt']);
  });
});

describe('the answers the server sends', () => {
  let t: TestApp;
  let f: ResourceFixtures;
  let admin: TestAgent;
  const answers: { url: string; body: unknown }[] = [];

  const keep = (url: string, res: { body: unknown; headers: Record<string, string> }) => {
    if (/json/.test(res.headers['content-type'] ?? '')) answers.push({ url, body: res.body });
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    f = await seedResources(t.core);
    admin = await t.adminAgent();
    // Rows behind every admin and member read: an analysis, a story, an error report, a saved search.
    const writes: [string, object][] = [
      ['/api/functions/analyzeVideoTranscript', { recordId: f.video.id }],
      ['/api/functions/writeTranscriptStory', { recordId: f.video.id }],
      [`/api/videos/${f.video.id}/error-reports`, { message: 'The vote was 4-1' }],
      ['/api/profile/alerts', { query: 'bridge', cities: [f.fairview.location_key] }],
    ];
    for (const [url, body] of writes) keep(`POST ${url}`, await admin.post(url).send(body));
    keep('GET /api/admin/pipeline?cityId', await admin.get('/api/admin/pipeline').query({ cityId: f.fairview.id }));
    keep('GET /api/search', await admin.get('/api/search').query({ q: 'bridge' }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** OpenAPI's own vocabulary (operationId, minLength); the fields it describes are checked above. */
  const OPENAPI_PATH = '/api/openapi.json';

  /** A real value for each route parameter, on the seeded rows. */
  function valueFor(pattern: string, name: string): string | undefined {
    if (name === 'locationKey') return f.fairview.location_key;
    if (name === 'businessKey') return f.listings[0]?.business_key ?? undefined;
    if (name === 'id') return pattern.startsWith('/api/admin/cities') ? f.fairview.id : f.video.id;
    if (name === 'format') return 'vtt';
    return undefined;
  }

  it('use snake_case on every JSON answer of every GET route, as an admin sees it (more fields than anyone else)', async () => {
    const routes = listRoutes(t.app).filter((route) => route.method === 'get' && route.path.startsWith('/api/'));
    for (const route of routes) {
      let missing = false;
      const url = fillPattern(route.path, (name) => {
        const value = valueFor(route.path, name);
        if (value === undefined) missing = true;
        return encodeURIComponent(value ?? '');
      });
      // A token or a stored file's key cannot be made up here; their answers are covered by their own tests.
      if (!missing && route.path !== OPENAPI_PATH) keep(`GET ${url}`, await admin.get(url));
    }
    expect(answers.length).toBeGreaterThan(25);
    const offenders = answers.flatMap(({ url, body }) => camelCaseKeys(body).map((key) => `${url} ${key}`));
    expect(offenders).toEqual([]);
  });
});
