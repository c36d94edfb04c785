import { describe, expect, it } from 'vitest';
import { CronError, parseCron } from './cron-expression.js';

// Local times, as cron reads them: new Date(y, m - 1, d, h, min, s).
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);

describe('cron expressions for serve --schedule', () => {
  it('fires a nightly 02:15 schedule at the next 02:15, today or tomorrow', () => {
    const nightly = parseCron('15 2 * * *');
    expect(nightly.next(at(2026, 3, 10, 1, 0))).toEqual(at(2026, 3, 10, 2, 15));
    expect(nightly.next(at(2026, 3, 10, 2, 15))).toEqual(at(2026, 3, 11, 2, 15));
    expect(nightly.next(at(2026, 12, 31, 23, 59, 59))).toEqual(at(2027, 1, 1, 2, 15));
  });

  it('reads seconds first when there are six fields, so "* * * * * *" ticks every second', () => {
    const everySecond = parseCron('* * * * * *');
    expect(everySecond.next(at(2026, 5, 1, 10, 0, 0))).toEqual(at(2026, 5, 1, 10, 0, 1));
    expect(parseCron('*/20 * * * * *').next(at(2026, 5, 1, 10, 0, 41))).toEqual(at(2026, 5, 1, 10, 1, 0));
  });

  it('takes ranges, steps, lists, names and 7 for Sunday', () => {
    // Weekdays at 9 and 17: from Friday 17:00 the next is Monday 9:00.
    expect(parseCron('0 9,17 * * MON-FRI').next(at(2026, 11, 27, 17, 0))).toEqual(at(2026, 11, 30, 9, 0));
    expect(parseCron('0 0 * * 7').next(at(2026, 11, 25))).toEqual(at(2026, 11, 29));
    expect(parseCron('30 */6 * * *').next(at(2026, 1, 1, 6, 31))).toEqual(at(2026, 1, 1, 12, 30));
    expect(parseCron('0 0 1 jan,jul *').next(at(2026, 2, 1))).toEqual(at(2026, 7, 1));
    expect(parseCron('5/15 * * * *').next(at(2026, 1, 1, 0, 21))).toEqual(at(2026, 1, 1, 0, 35));
  });

  it('fires on either day field when both are restricted, as cron does', () => {
    // The 13th, or any Friday: from Wednesday 11 November 2026, Friday the 13th comes first.
    const schedule = parseCron('0 12 13 * 5');
    expect(schedule.next(at(2026, 11, 11))).toEqual(at(2026, 11, 13, 12));
    expect(schedule.next(at(2026, 11, 13, 12))).toEqual(at(2026, 11, 20, 12));
  });

  it('knows the macros and waits for a leap day', () => {
    expect(parseCron('@hourly').next(at(2026, 1, 1, 10, 30))).toEqual(at(2026, 1, 1, 11));
    expect(parseCron('@daily').expression).toBe('@daily');
    expect(parseCron('0 0 29 2 *').next(at(2026, 3, 1))).toEqual(at(2028, 2, 29));
  });

  it.each([
    ['* * * *', /has 4 fields/],
    ['61 * * * *', /minute "61" is not between 0 and 59/],
    ['* 24 * * *', /hour "24"/],
    ['0 0 0 * *', /day of month "0"/],
    ['0 0 * 13 *', /month "13"/],
    ['0 0 * * MONDAY', /day of week "MONDAY"/],
    ['*/0 * * * *', /bad step/],
    ['10-5 * * * *', /runs backwards/],
    ['0 0 30 2 *', /never fires/],
    ['', /has 0 field/],
  ])('refuses %j, naming what is wrong', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(message);
  });
});
