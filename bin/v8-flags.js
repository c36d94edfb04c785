// Which V8 flags the `civic` launcher sets for a command line, before anything is compiled.
// Plain JavaScript and no imports: the launcher runs it before anything else is loaded.
//
// Short commands (often a cron batch on a small machine) favour memory over speed:
// --liftoff-only keeps PGlite's WebAssembly on the baseline compiler (TurboFan re-compiling
// hot PostgreSQL functions costs ~50 MB and pays off only in long-running processes),
// --optimize-for-size keeps the JS heaps small. On 2,000 videos
// (scripts/bench/discover-memory.bench.ts) peak RSS went from 393-430 MB to 240-251 MB for
// 10-25% more CPU time. The long-running processes keep V8's defaults: `civic serve`, and
// `civic worker`, which with the short commands' flags spent ~20% more CPU a job (issue 26).
export const SHORT_COMMAND_FLAGS = '--liftoff-only --optimize-for-size';
const LONG_RUNNING_COMMANDS = new Set(['serve', 'worker']);

/** The command word: the first argument that is neither an option nor the value of the global --env-file. */
function commandOf(args) {
  return args.find((arg, i) => !arg.startsWith('-') && args[i - 1] !== '--env-file');
}

/** The flags for these arguments (process.argv without node and the script), or null for none. */
export function v8FlagsFor(args) {
  return LONG_RUNNING_COMMANDS.has(commandOf(args)) ? null : SHORT_COMMAND_FLAGS;
}
