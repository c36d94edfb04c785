import { InvalidArgumentError } from 'commander';
import { PIPELINE_STAGES as RUN_STAGES } from '../core/domain/enums.js';
import { parseDay } from '../core/domain/format.js';
import type { RunStage } from '../core/index.js';

/** commander argument parsers: a bad value is a usage error (exit 2) naming the option. */

/** `civic worker`'s jobs at once when --concurrency is not given. */
export const DEFAULT_WORKER_CONCURRENCY = 8;

export function parsePositiveInt(max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > max) {
      throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`);
    }
    return n;
  };
}

/** An option given several times (`--file a --file b`): every value, in the order given. */
export function collectRepeated(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A day as YYYY-MM-DD (`--since`), from its first instant in UTC: core/domain's one day parser. */
export function parseDate(value: string): Date {
  const day = parseDay(value);
  if (!day) throw new InvalidArgumentError('expected a date as YYYY-MM-DD');
  return day;
}

export function parseStages(value: string): RunStage[] {
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(RUN_STAGES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`unknown stage ${unknown.join(', ') || '(none given)'}; stages are ${RUN_STAGES.join(', ')}`);
  }
  // Always in pipeline order, whatever order they were given in.
  return RUN_STAGES.filter((stage) => names.includes(stage));
}

export function parseUsd(value: string): number {
  const n = Number(value.trim().replace(/^\$/, ''));
  if (!/^\$?\d+(\.\d+)?$/.test(value.trim()) || !Number.isFinite(n)) throw new InvalidArgumentError('expected an amount in US dollars, e.g. 2.50');
  return n;
}

/** One of a fixed set of words, any letter case; `none` (when allowed) is null. */
export function parseChoice<T extends string>(choices: readonly T[], options: { none?: boolean } = {}) {
  return (value: string): T | null => {
    const wanted = value.trim().toLowerCase().replace(/-/g, '_');
    if (options.none && wanted === 'none') return null;
    const found = choices.find((choice) => choice === wanted);
    if (!found) throw new InvalidArgumentError(`expected one of ${[...choices, ...(options.none ? ['none'] : [])].join(', ')}`);
    return found;
  };
}

/** A vote count as yes-no[-abstain[-absent]] ("5-4", "5-3-1-0"), or none for no count. */
export function parseTally(value: string): { yes: number; no: number; abstain: number | null; absent: number | null } | null {
  const text = value.trim().toLowerCase();
  if (text === 'none') return null;
  if (!/^\d{1,3}(-\d{1,3}){1,3}$/.test(text)) throw new InvalidArgumentError('expected yes-no, yes-no-abstain or yes-no-abstain-absent (e.g. 5-4 or 5-3-1-0), or none');
  const [yes = 0, no = 0, abstain, absent] = text.split('-').map(Number);
  return { yes, no, abstain: abstain ?? null, absent: absent ?? null };
}
