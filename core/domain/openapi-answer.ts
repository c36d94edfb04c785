import { z } from 'zod/mini';

/**
 * What the Developers page reads of `GET /api/openapi.json` (server/openapi): each public read's
 * address, summary, parameters and example. zod/mini, and only these fields: the page lists the
 * API, the document itself is for tools.
 */
const parameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean(),
  description: z.optional(z.string()),
});

const operationSchema = z.object({
  summary: z.string(),
  description: z.optional(z.string()),
  tags: z.array(z.string()),
  parameters: z.array(parameterSchema),
  'x-example': z.string(),
});

export const openApiAnswerSchema = z.object({
  info: z.object({ title: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(z.string(), z.object({ get: operationSchema })),
});
export type OpenApiAnswer = z.infer<typeof openApiAnswerSchema>;
