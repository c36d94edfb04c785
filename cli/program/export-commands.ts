import type { Command } from 'commander';
import { EXPORT_FORMATS, EXPORT_WHATS, type ExportFormat, type ExportWhat } from '../../core/domain/exports.js';
import { parseChoice, parseDate } from '../options.js';
import { load } from './run-printing.js';

interface ExportFlags {
  city: string;
  since?: Date;
  format: ExportFormat;
  what: ExportWhat;
  output?: string;
  json?: boolean;
}

/** `civic export`: a city's records for archives and researchers (issue 27). */
export function declareExportCommands(program: Command): void {
  program
    .command('export')
    .description("stream a city's meetings, decisions or transcripts as NDJSON or CSV (oldest first; published stories only)")
    .requiredOption('--city <key>', 'the city (location key)')
    .option('--since <date>', 'only meetings published on or after this day (YYYY-MM-DD)', parseDate)
    .option('--format <format>', `${EXPORT_FORMATS.join(' or ')}`, parseChoice(EXPORT_FORMATS), 'ndjson')
    .option('--what <records>', `${EXPORT_WHATS.join(', ')}`, parseChoice(EXPORT_WHATS), 'meetings')
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option('--json', 'with --output: print the summary as JSON (the export itself is NDJSON or CSV already)')
    .addHelpText(
      'after',
      `
Examples:
  civic export --city fairview-ca --what decisions --format csv > decisions.csv
  civic export --city fairview-ca --what transcripts --since 2026-01-01 -o transcripts.ndjson`,
    )
    .action(async (flags: ExportFlags) => {
      const [{ runWithCore }, { exportCity }] = await Promise.all([load.context(), import('../commands/export.js')]);
      await runWithCore({ migrate: true }, async (core) => {
        const done = await exportCity(core, { city: flags.city, since: flags.since ?? null, format: flags.format, what: flags.what, output: flags.output });
        // Without --output, stdout is the export: the summary would corrupt it.
        if (done && flags.json) process.stdout.write(`${JSON.stringify(done.data)}\n`);
        else if (done) process.stderr.write(`${done.human}\n`);
      });
    });
}
