import express, { type RequestHandler } from 'express';
import { AppError } from '../../core/index.js';

/** Far deeper than any body a route takes (an analysis handed back to the story writer: 4). */
export const MAX_JSON_DEPTH = 64;
/**
 * Values in one body (counted as arrays, objects and commas: array elements and object members). JSON.parse takes about a
 * microsecond per object key here, so 2 MB of small keys (200,000) blocked the server for a
 * fifth of a second; 10,000 is ten times the largest body the web app sends (an analysis
 * handed back to the story writer) and parses in a few milliseconds. A transcript is one value.
 */
export const MAX_JSON_VALUES = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Why a raw JSON body (UTF-8 bytes) is refused before it is parsed, or undefined. One pass that
 * counts brackets and commas outside strings: a multi-byte UTF-8 character never contains an
 * ASCII byte, so a byte scan cannot be fooled. Malformed JSON is left for JSON.parse to refuse.
 */
export function jsonShapeProblem(body: Uint8Array): string | undefined {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++; // the escaped byte cannot end the string
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) return `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`;
      values++;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    } else if (byte === COMMA) {
      values++;
    }
    if (values > MAX_JSON_VALUES) return `JSON body holds more than ${MAX_JSON_VALUES} values`;
  }
  return undefined;
}

/**
 * express.json with the shape checked on the raw bytes first, so a body that would block the
 * event loop (JSON.parse of 2 MB of `[`, or of 200,000 keys) is refused in one linear pass
 * before it is parsed. JSON is UTF-8 (RFC 8259 §8.1): another charset could hide brackets from
 * a byte scan, so it is refused too.
 */
export function jsonBody(limit: string): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, body, encoding) => {
      if (encoding !== 'utf-8') throw new AppError('UNSUPPORTED_MEDIA', 'JSON bodies must be UTF-8');
      const problem = jsonShapeProblem(body);
      if (problem) throw new AppError('BAD_INPUT', problem);
    },
  });
}
