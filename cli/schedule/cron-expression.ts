/**
 * Cron expressions for `civic serve --schedule`, read as cron reads them, in the server's
 * local time: five fields (minute hour day-of-month month day-of-week), or six with seconds
 * first; `*`, numbers, ranges `a-b`, steps `/n`, lists `a,b`, month and day names (JAN, MON),
 * 0 or 7 for Sunday, and @hourly, @daily (@midnight), @weekly, @monthly, @yearly (@annually).
 * When both day fields are restricted, a day matching either one fires (as in cron).
 */
import { formatCount } from '../../core/domain/format.js';

export interface CronSchedule {
  readonly expression: string;
  /** The first time after `after` (to the second) that the schedule fires. */
  next(after: Date): Date;
}

export class CronError extends Error {}

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const SECOND: FieldSpec = { name: 'second', min: 0, max: 59 };
const MINUTE: FieldSpec = { name: 'minute', min: 0, max: 59 };
const HOUR: FieldSpec = { name: 'hour', min: 0, max: 23 };
const DAY: FieldSpec = { name: 'day of month', min: 1, max: 31 };
const MONTH: FieldSpec = {
  name: 'month',
  min: 1,
  max: 12,
  names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
};
// 7 is Sunday too; names start at 0.
const WEEKDAY: FieldSpec = { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] };

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** Throws CronError naming the field at fault. */
export function parseCron(expression: string): CronSchedule {
  const trimmed = expression.trim();
  const expanded = MACROS[trimmed.toLowerCase()] ?? trimmed;
  const fields = expanded.split(/\s+/).filter(Boolean);
  if (fields.length !== 5 && fields.length !== 6) {
    throw new CronError(`"${expression}" has ${formatCount(fields.length, 'field')}: a cron expression has 5 (minute hour day month weekday) or 6 (seconds first)`);
  }
  const [second, rest] = fields.length === 6 ? [fields[0]!, fields.slice(1)] : ['0', fields];
  const seconds = parseField(second, SECOND);
  const minutes = parseField(rest[0]!, MINUTE);
  const hours = parseField(rest[1]!, HOUR);
  const days = parseField(rest[2]!, DAY);
  const months = parseField(rest[3]!, MONTH);
  const weekdays = parseField(rest[4]!, WEEKDAY);
  if (weekdays.values.has(7)) weekdays.values.add(0);
  const dayMatches = (date: Date) => {
    const byDay = days.values.has(date.getDate());
    const byWeekday = weekdays.values.has(date.getDay());
    if (days.any || weekdays.any) return (days.any || byDay) && (weekdays.any || byWeekday);
    return byDay || byWeekday;
  };
  const schedule: CronSchedule = {
    expression: trimmed,
    next(after) {
      const at = new Date(after.getTime());
      at.setMilliseconds(0);
      at.setSeconds(at.getSeconds() + 1);
      // Whole months, days, hours and minutes that cannot match are skipped, so a search over
      // the next few years takes a few thousand steps at most.
      const limit = after.getFullYear() + YEARS_SEARCHED;
      while (at.getFullYear() <= limit) {
        if (!months.values.has(at.getMonth() + 1)) {
          at.setMonth(at.getMonth() + 1, 1);
          at.setHours(0, 0, 0);
        } else if (!dayMatches(at)) {
          at.setDate(at.getDate() + 1);
          at.setHours(0, 0, 0);
        } else if (!hours.values.has(at.getHours())) {
          at.setHours(at.getHours() + 1, 0, 0);
        } else if (!minutes.values.has(at.getMinutes())) {
          at.setMinutes(at.getMinutes() + 1, 0);
        } else if (!seconds.values.has(at.getSeconds())) {
          at.setSeconds(at.getSeconds() + 1);
        } else {
          return at;
        }
      }
      throw new CronError(`"${expression}" never fires`);
    },
  };
  // A day that does not exist (30 February) is a mistake to report now, not a schedule that sleeps for ever.
  schedule.next(new Date());
  return schedule;
}

/** Leap days and rare weekday-date pairs come round within eight years. */
const YEARS_SEARCHED = 8;

function parseField(text: string, spec: FieldSpec): { values: Set<number>; any: boolean } {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|[^-/]+(?:-[^-/]+)?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new CronError(`bad ${spec.name} "${part}"`);
    const [, range, stepText] = match;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1) throw new CronError(`bad step in ${spec.name} "${part}"`);
    let low = spec.min;
    let high = spec.max;
    if (range !== '*') {
      const [from, to] = range!.split('-');
      low = valueOf(from!, spec);
      // "5/15" means from 5 to the end in steps of 15.
      high = to !== undefined ? valueOf(to, spec) : stepText === undefined ? low : spec.max;
      if (high < low) throw new CronError(`${spec.name} range "${part}" runs backwards`);
    }
    for (let value = low; value <= high; value += step) values.add(value);
  }
  return { values, any: text === '*' };
}

function valueOf(text: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  const value = named >= 0 ? named + (spec === MONTH ? 1 : 0) : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < spec.min || value > spec.max) {
    throw new CronError(`${spec.name} "${text}" is not between ${spec.min} and ${spec.max}`);
  }
  return value;
}
