import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { util, type $ZodType } from 'zod/v4/core';
import { AppError } from '../../core/index.js';
import { zodMessage } from '../http-errors.js';

export type Source = 'body' | 'query' | 'params';

/**
 * A schema of either zod API: the classic one (the server's own), or zod/mini (the core/domain
 * schemas the web app shares, see core/domain/session.ts). Both parse alike.
 */
type ZodType = $ZodType;

/**
 * Object schemas become strict: an unknown field is a 400 rather than silently dropped. Made
 * once per schema: building a zod schema costs far more than parsing with it, and routes parse
 * on every request. The clone is what classic `.strict()` makes, for mini objects too.
 */
const strictSchemas = new WeakMap<ZodType, ZodType>();
function strict<S extends ZodType>(schema: S): ZodType {
  if (schema._zod.def.type !== 'object') return schema;
  let made = strictSchemas.get(schema);
  if (!made) {
    made = util.clone(schema, util.mergeDefs(schema._zod.def, { catchall: z.never() }));
    strictSchemas.set(schema, made);
  }
  return made;
}

/**
 * Parses a value with a zod schema; throws AppError BAD_INPUT with the zod issues as details,
 * which the error handler answers as 400 `{error: {code: 'BAD_INPUT', message, issues}}`.
 */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  // Classic's parser: its error is a ZodError whatever API built the schema.
  const result = z.safeParse(strict(schema), input);
  if (!result.success) {
    throw new AppError('BAD_INPUT', zodMessage(result.error), { details: result.error.issues });
  }
  return result.data as z.output<S>;
}

/**
 * Parses one part of the request inside a handler and returns the typed value:
 *
 *   const input = parseRequest(signupSchema, req);            // req.body
 *   const query = parseRequest(listSchema, req, 'query');
 *
 * Express 5 sends a rejected async handler's error to the error handler, so throwing is fine.
 */
export function parseRequest<S extends ZodType>(schema: S, req: Request, source: Source = 'body'): z.output<S> {
  const input: unknown = source === 'body' ? (req.body ?? {}) : req[source];
  return parseInput(schema, input);
}

/**
 * The same as a middleware: `router.post('/x', validate(schema), handler)`. The parsed value
 * replaces `req.body` for 'body' (Express 5's req.query is a read-only getter) and is always
 * kept at `res.locals.validated[source]`; read it back typed with `validated(res, schema, source)`.
 */
export function validate<S extends ZodType>(schema: S, source: Source = 'body'): RequestHandler {
  return (req, res, next) => {
    const value = parseRequest(schema, req, source);
    const store = (res.locals.validated ??= {}) as Partial<Record<Source, unknown>>;
    store[source] = value;
    if (source === 'body') req.body = value;
    next();
  };
}

/** The value `validate(schema, source)` stored for this request, typed by the same schema. */
export function validated<S extends ZodType>(
  res: { locals: Record<string, unknown> },
  _schema: S,
  source: Source = 'body',
): z.output<S> {
  const store = res.locals.validated as Partial<Record<Source, unknown>> | undefined;
  return store?.[source] as z.output<S>;
}
