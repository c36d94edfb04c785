import { AppError } from './errors.js';

type SafeParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };

/**
 * Core's check of what a front door hands it, with the same core/domain schema the front door
 * parsed with: the first problem in its own words as BAD_INPUT, every issue in the details (as
 * the server's parseInput answers a request body).
 */
export function parseOrRefuse<T>(schema: { safeParse(input: unknown): SafeParseResult<T> }, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw new AppError('BAD_INPUT', issues[0]?.message ?? 'Invalid input', { details: { issues } });
}
