import type { Command } from 'commander';
import type { ServeOptions } from '../commands/serve.js';
import type { UserAddOptions } from '../commands/user.js';
import { parsePositiveInt } from '../options.js';
import { JSON_HELP, load, runPrinting } from './run-printing.js';

/** `civic user add`, `civic alerts send` and `civic serve`. */
export function declareAccountCommands(program: Command): void {
  const user = program.command('user').description('manage accounts');

  user
    .command('add')
    .description('create (or find) an account with a confirmed email, optionally an admin')
    .requiredOption('--email <email>', 'the email address')
    .option('--admin', 'grant the admin role')
    .option('--password-stdin', 'set the password read from stdin (at least 8 characters)')
    .option('--json', JSON_HELP)
    .action((options: UserAddOptions) =>
      runPrinting(load.user, { migrate: true }, options, async ({ addUser, describeAddedUser }, core) => {
        const added = await addUser(core, options);
        return { data: added, human: describeAddedUser(added) };
      }),
    );

  program
    .command('alerts')
    .description("members' saved-search alerts (issue 27)")
    .command('send')
    .description('mail the alerts of newly analysed meetings, then the daily and weekly digests that are due (cron-able: nothing is sent twice)')
    .option('--json', JSON_HELP)
    .action((options: { json?: boolean }) =>
      runPrinting(load.alerts, { migrate: true }, options, async ({ sendAlerts, describeAlertsSent }, core) => {
        const sent = await sendAlerts(core);
        return { data: sent, human: describeAlertsSent(sent) };
      }),
    );

  program
    .command('serve')
    .description('run the web site and its API (migrates first; serves web/dist when built); logs go to stderr')
    .option('--port <n>', 'port to listen on (default: PORT or 3000)', parsePositiveInt(65_535))
    .option('--host <host>', 'interface to listen on (default: HOST or 127.0.0.1, this machine only; 0.0.0.0 for every interface)')
    .option('--schedule <cron>', 'also run the batch inside the server at these times (cron: "15 2 * * *" nightly at 02:15; six fields for seconds)')
    .option('--status <status>', 'with --schedule: the status of the cities the batch takes, any case (default Live)')
    // --port is PORT for the whole configuration: without PUBLIC_URL, links in emails name it too.
    .action(async (options: ServeOptions) => {
      const [{ runWithCore }, { readSchedule, serve }] = await Promise.all([load.context(), load.serve()]);
      return runWithCore(
        { migrate: true, creates: true, logs: 'stderr', validate: () => void readSchedule(options), env: options.port === undefined ? {} : { PORT: String(options.port) } },
        (core) => serve(core, options),
      );
    });
}
