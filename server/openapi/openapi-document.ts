import { z, type core } from 'zod';
import { apiErrorBodySchema } from '../../core/domain/api-errors.js';
import { PUBLIC_ENDPOINTS, type PublicEndpoint } from './public-endpoints.js';

/** How many public reads an address may make a minute (server/middleware/rate-limits.ts applies it). */
export interface OpenApiSite {
  siteName: string;
  publicUrl: string;
  version: string;
  readsPerMinute: number;
}

type JsonSchema = Record<string, unknown>;

/** A zod schema as OpenAPI 3.1's JSON Schema (2020-12), without the per-document $schema key. */
function jsonSchema(schema: core.$ZodType, io: 'input' | 'output'): JsonSchema {
  // Request schemas coerce and transform ("since" becomes a Date): their input is what is sent.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: core.$ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

function operation(endpoint: PublicEndpoint): JsonSchema {
  const ok =
    'json' in endpoint.answer
      ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(endpoint.answer.json, 'output') } } }
      : { description: endpoint.answer.description, content: Object.fromEntries(endpoint.answer.file.map((type) => [type, { schema: { type: 'string' } }])) };
  const takesInput = Boolean(endpoint.params ?? endpoint.query);
  return {
    operationId: `get${endpoint.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(\w)/g, (_all, next: string) => next.toUpperCase())}`,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    // An address to try, on the demo data (the Developers page shows it).
    'x-example': endpoint.example,
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
    responses: {
      200: ok,
      ...(takesInput ? { 400: errorAnswer('The request is malformed; the message says why.') } : {}),
      ...(endpoint.params ? { 404: errorAnswer('No such public city, meeting or business.') } : {}),
      429: errorAnswer('Too many requests from this address: wait for the RateLimit-Reset seconds.'),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the public reads (issue 27), made from the same zod schemas the
 * server parses requests with and the web app reads answers with (public-endpoints.ts).
 */
export function openApiDocument(site: OpenApiSite): JsonSchema {
  return {
    openapi: '3.1.0',
    info: {
      title: `${site.siteName} public API`,
      version: site.version,
      description: [
        `Read-only access to what ${site.siteName} publishes: cities, meetings with their timed transcripts, analyses, decisions and published stories, search, exports and the business directory.`,
        'No key is needed. Any web origin may read these endpoints (CORS: Access-Control-Allow-Origin: *, no credentials).',
        `Each client address may make ${site.readsPerMinute} requests a minute; the RateLimit and RateLimit-Policy headers say what is left, and a 429 answers the excess.`,
        'Times in transcripts are milliseconds from the start of the video; a meeting page opened with ?t=<seconds> plays from there.',
      ].join('\n\n'),
    },
    servers: [{ url: `${site.publicUrl}/api` }],
    tags: [...new Set(PUBLIC_ENDPOINTS.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    paths: Object.fromEntries(PUBLIC_ENDPOINTS.map((endpoint) => [endpoint.path, { get: operation(endpoint) }])),
    components: {
      schemas: {
        // api.md's error answer, from the schema the web app reads errors with.
        Error: jsonSchema(apiErrorBodySchema, 'output'),
      },
    },
  };
}
