import { InvalidArgumentError } from 'commander';
import { PIPELINE_STAGES as RUN_STAGES } from '../core/domain/enums.js';
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

export function parseDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = match ? new Date(`${value.trim()}T00:00:00.000Z`) : new Date(Number.NaN);
  if (!match || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.trim()) {
    throw new InvalidArgumentError('expected a date as YYYY-MM-DD');
  }
  return date;
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
