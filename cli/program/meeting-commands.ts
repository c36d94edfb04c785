import type { Command } from 'commander';
import type { AnalyzeOptions } from '../commands/analyze.js';
import type { ProcessVideoOptions, VideoCommand } from '../commands/process-video.js';
import type { SearchCommandOptions } from '../commands/search.js';
import type { VideoShowOptions } from '../commands/video.js';
import { collectRepeated, parsePositiveInt } from '../options.js';
import { JSON_HELP, load, runPrinting } from './run-printing.js';
import { declareStoryCommands } from './story-commands.js';

async function runVideoCommand(name: VideoCommand, target: string, options: ProcessVideoOptions): Promise<void> {
  const [{ runWithCore }, { isInteractive }, { processVideo }] = await Promise.all([load.context(), load.runDisplay(), load.processVideo()]);
  return runWithCore({ migrate: true, logs: isInteractive(options) ? 'quiet' : 'stderr' }, (core) => processVideo(core, name, target, options));
}

/** One meeting at a time (`civic video show`, `transcript`, `analyze`, `story` and its newsroom), search across them, and the report. */
export function declareMeetingCommands(program: Command): void {
  const video = program.command('video').description('look at videos');

  video
    .command('show [video]')
    .description("one video (our id, the YouTube id or a link) in detail with its story, or with --city alone a city's newest videos")
    .option('--city <key>', "alone: list this city's videos with their stage status; with a video: this city's copy of it (two cities may follow one meeting)")
    .option('--limit <n>', 'how many videos to list (default 20)', parsePositiveInt(10_000))
    .option('--transcript', 'also print the transcript, each segment with its time')
    .option('--json', JSON_HELP)
    .action(async (target: string | undefined, options: VideoShowOptions, command: Command) => {
      const [{ runWithCore, printResult }, video] = await Promise.all([load.context(), load.video()]);
      const problem = video.videoShowUsageProblem(target, options);
      if (problem) return command.error(`error: ${problem}`);
      return runWithCore({ migrate: true }, async (core) => {
        const result = await video.showVideo(core, target, options);
        printResult(video.presentVideoShow(result), video.describeVideoShow(result), options);
      });
    });

  program
    .command('transcript <video>')
    .description("fetch and store one video's transcript")
    .option('--force', 'fetch again, replacing a stored (even hand-edited) transcript')
    .option('--json', 'JSON logs on stderr and a JSON summary on stdout')
    .action((target: string, options: ProcessVideoOptions) => runVideoCommand('transcript', target, options));

  program
    .command('analyze [video]')
    .description("analyse one stored video's transcript, or with --file a transcript file (no database needed)")
    .option('--file <path>', 'a transcript file: WebVTT, SRT, JSON (segments, WhisperX, speaker turns, AssemblyAI utterances, CouncilDataProject) or plain text; repeat it for a meeting in several parts, joined in the order given', collectRepeated)
    .option('--story', 'with --file: also write the news story')
    .option('--title <title>', 'with --file: the meeting title (default: from the file name)')
    .option('--force', 'with a video: analyse again although an analysis is stored')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nA meeting published in parts is analysed as one, each part continuing where the one before ended:\n  civic analyze --file council-part1.vtt --file council-part2.vtt --story')
    .action(async (target: string | undefined, options: AnalyzeOptions, command: Command) => {
      const analyze = await load.analyze();
      const problem = analyze.analyzeUsageProblem(target, options);
      if (problem) return command.error(`error: ${problem}`);
      const { file } = options;
      if (file) {
        const { runWithPorts, printResult } = await load.context();
        return runWithPorts(async (ports) => {
          const result = await analyze.analyzeFile(ports, { ...options, file });
          printResult(result, analyze.describeFileAnalysis(result), options);
        });
      }
      return runVideoCommand('analyze', target ?? '', options);
    });

  declareStoryCommands(program, (target, options) => runVideoCommand('story', target, options));

  program
    .command('search <query>')
    .description('search meeting titles, descriptions and transcripts: each hit with its time and a link to that moment')
    .option('--city <key>', 'only this city (any letter case)')
    .option('--limit <n>', 'at most N videos (default and maximum 50)', parsePositiveInt(50))
    .option('--sort <order>', 'date (newest first, the default) or relevance')
    .option('--json', JSON_HELP)
    .addHelpText(
      'after',
      '\nIn transcripts every word must be in one moment; put a phrase in "quotes", and or between words to match either.\n' +
        'A -word or -"phrase" leaves out every meeting that says it or has it in its title or description:\n' +
        '  civic search "library -budget"\n' +
        'A query starting with "-" goes after --, which ends the options:\n  civic search --city fairview-ca -- -budget',
    )
    .action((query: string, options: SearchCommandOptions) =>
      runPrinting(load.search, { migrate: true }, options, ({ searchVideos }, core) => searchVideos(core, query, options)),
    );

  program
    .command('report')
    .description('per city: videos through each stage, failures, model calls and cost per meeting')
    .option('--city <key>', 'only this city')
    .option('--failures', 'list every failed stage with its whole reason, not only the latest')
    .option('--since <days>', 'model calls, tokens and cost of the last N days only (default: all)', parsePositiveInt(36_500))
    .option('--json', JSON_HELP)
    .action((options: { city?: string; failures?: boolean; since?: number; json?: boolean }) =>
      runPrinting(load.report, { migrate: true }, options, async ({ buildReport, describeFailures, describeReport }, core) => {
        const report = await buildReport(core, options);
        return { data: report, human: options.failures ? describeFailures(report) : describeReport(report) };
      }),
    );
}
