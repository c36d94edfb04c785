import { Command } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { EXIT_USAGE } from './exit-codes.js';
import { declareAccountCommands } from './program/account-commands.js';
import { declareCatalogCommands } from './program/catalog-commands.js';
import { declareDatabaseCommands } from './program/database-commands.js';
import { declareExportCommands } from './program/export-commands.js';
import { declareMeetingCommands } from './program/meeting-commands.js';
import { declarePipelineCommands } from './program/pipeline-commands.js';
import { declareQueueCommands } from './program/queue-commands.js';
import { load } from './program/run-printing.js';

/**
 * The `civic` program. Declares commands only (their declarations in cli/program/, by area);
 * each command's work lives in cli/commands/.
 */
export const program = new Command('civic')
  .version(pkg.version)
  .description('Town Crier: turn local-government meeting videos into transcripts, verified analyses and news stories')
  .option('--env-file <path>', 'read settings (DATA_DIR, keys, ...) from this dotenv file instead of ./.env; the environment still wins')
  .option('--create', 'create the database where DATA_DIR (or DATABASE_URL) points when there is none; without it only db migrate, db seed, db reset and serve do')
  .configureOutput({ outputError: (text, write) => write(text) })
  .exitOverride((error) => {
    // commander's own usage errors (unknown option, missing argument) exit 2 like ours.
    process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE);
  })
  .hook('preAction', async (command) => {
    const context = await load.context();
    const { envFile, create } = command.opts<{ envFile?: string; create?: boolean }>();
    context.useEnvFile(envFile);
    context.allowCreate(create);
  });

declareDatabaseCommands(program);
declarePipelineCommands(program);
declareQueueCommands(program);
declareCatalogCommands(program);
declareMeetingCommands(program);
declareExportCommands(program);
declareAccountCommands(program);

/** The likeliest cause of a command's usage error, when there is one to name. */
const USAGE_HINTS: Record<string, string> = {
  'civic search': 'a query starting with "-" goes after --: civic search --city fairview-ca -- -budget',
};

pointToHelp(program, 'civic');

/**
 * A usage error is one line and a pointer to the command's own help (the whole help after it
 * buried the line that mattered under twenty others).
 */
function pointToHelp(command: Command, name: string): void {
  const hint = USAGE_HINTS[name];
  command.showHelpAfterError(`(${hint ? `${hint}; ` : ''}see ${name} --help)`);
  for (const sub of command.commands) pointToHelp(sub, `${name} ${sub.name()}`);
}

export async function main(argv: readonly string[] = process.argv): Promise<void> {
  await program.parseAsync([...argv]);
}
