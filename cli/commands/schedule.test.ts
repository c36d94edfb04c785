import { describe, expect, it } from 'vitest';
import { civic, createScratchDatabase, tempDataDir, TEST_DATABASE_URL } from '../testing/queue-harness.js';
import { checkScheduleCron } from './schedule.js';

describe('civic schedule add --cron', () => {
  it.each([
    ['0 3 * *', 'Invalid cron expression "0 3 * *": 4 fields where a schedule takes five fields, minute hour day month weekday, in UTC (e.g. "0 3 * * *" daily at 03:00)'],
    ['0 0 3 * * *', 'Invalid cron expression "0 0 3 * * *": 6 fields where a schedule takes five fields, minute hour day month weekday, in UTC (e.g. "0 3 * * *" daily at 03:00)'],
    ['0 25 * * *', expect.stringMatching(/^Invalid cron expression "0 25 \* \* \*": .*hour/)],
  ])('refuses %j, naming what is wrong', (cron, message) => {
    expect(() => checkScheduleCron(cron)).toThrow(expect.objectContaining({ code: 'BAD_INPUT', message }));
  });

  it('takes five fields or a macro', () => {
    for (const cron of ['0 3 * * *', '*/15 6-18 * * MON-FRI', '@daily']) expect(() => checkScheduleCron(cron)).not.toThrow();
  });

  it('refuses a four-field cron in one line before opening anything, even without PostgreSQL', async () => {
    const data = await tempDataDir();
    try {
      const result = await civic(['schedule', 'add', '--cron', '0 3 * *'], { DATA_DIR: data.dir });
      expect(result.stderr).toBe(`civic: Invalid cron expression "0 3 * *": 4 fields where a schedule takes five fields, minute hour day month weekday, in UTC (e.g. "0 3 * * *" daily at 03:00)\n`);
      expect(result.code).toBe(2);
    } finally {
      await data.remove();
    }
  }, 60_000);
});

describe.skipIf(!TEST_DATABASE_URL)('civic schedule add on PostgreSQL (child process)', () => {
  it('refuses to replace a schedule of the same name unless --replace, keeping the one there', async () => {
    const database = await createScratchDatabase(TEST_DATABASE_URL!);
    const data = await tempDataDir();
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: data.dir };
      expect((await civic(['db', 'migrate'], env)).code).toBe(0);
      expect((await civic(['schedule', 'add', '--cron', '0 3 * * *'], env)).code).toBe(0);

      const again = await civic(['schedule', 'add', '--cron', '30 4 * * *'], env);
      expect(again.stderr).toBe('civic: A schedule named "live" exists ("0 3 * * *", UTC, status Live): --replace replaces it, --name gives the new one another name\n');
      expect(again.code).toBe(2);
      expect((await civic(['schedule', 'list'], env)).stdout).toBe('live  "0 3 * * *" UTC  status Live\n');

      const replaced = await civic(['schedule', 'add', '--cron', '30 4 * * *', '--replace'], env);
      expect(replaced.code, replaced.stderr).toBe(0);
      expect((await civic(['schedule', 'list'], env)).stdout).toBe('live  "30 4 * * *" UTC  status Live\n');
    } finally {
      await database.drop();
      await data.remove();
    }
  }, 120_000);
});
