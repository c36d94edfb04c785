import { AppError, pickRunOptions, readStatus, type Core, type RunStage, type ScheduleEntry } from '../../core/index.js';
import { CronError, parseCron } from '../schedule/cron-expression.js';
import { formatCount } from '../../core/domain/format.js';

export interface ScheduleAddOptions {
  cron: string;
  status: string;
  name?: string;
  stages?: RunStage[];
  /** Replace a schedule of the same name (without it, that is refused). */
  replace?: boolean;
}

const CRON_FORM = 'five fields, minute hour day month weekday, in UTC (e.g. "0 3 * * *" daily at 03:00)';

/**
 * `--cron` as the workers will read it, checked before anything is opened. The queue's own
 * parser takes "0 3 * *" (four fields) as some other time, so the count is ours to check;
 * schedules fire at most once a minute, so there is no seconds field either.
 */
export function checkScheduleCron(expression: string): void {
  const text = expression.trim();
  const fields = text.split(/\s+/).filter(Boolean).length;
  if (!text.startsWith('@') && fields !== 5) {
    throw new AppError('BAD_INPUT', `Invalid cron expression "${expression}": ${formatCount(fields, 'field')} where a schedule takes ${CRON_FORM}`);
  }
  try {
    parseCron(text);
  } catch (error) {
    if (error instanceof CronError) throw new AppError('BAD_INPUT', `Invalid cron expression "${expression}": ${error.message}`);
    throw error;
  }
}

/** The schedule's name as the queue keeps it (the status in lower case by default). */
function scheduleName(options: ScheduleAddOptions): string {
  return (options.name ?? readStatus(options.status)).toLowerCase();
}

/** Adds a schedule; one of the same name is replaced only with --replace (a typo must not overwrite the nightly batch). */
export async function addSchedule(core: Core, options: ScheduleAddOptions): Promise<ScheduleEntry> {
  checkScheduleCron(options.cron);
  const name = scheduleName(options);
  const existing = (await core.queue.listSchedules()).find((entry) => entry.name === name);
  if (existing && !options.replace) {
    throw new AppError(
      'CONFLICT',
      `A schedule named "${name}" exists ("${existing.cron}", ${existing.timezone}, status ${(existing.data as { status?: string }).status ?? '?'}): --replace replaces it, --name gives the new one another name`,
    );
  }
  return core.queue.addSchedule({ cron: options.cron, status: options.status, name, ...pickRunOptions({ stages: options.stages }) });
}

export function describeSchedule(entry: ScheduleEntry, verb = 'Scheduled'): string {
  const data = entry.data as { status?: string; stages?: string[] };
  const stages = data.stages ? ` (stages ${data.stages.join(',')})` : '';
  return `${verb} "${entry.name}": a batch of the ${data.status ?? '?'} cities at "${entry.cron}" (${entry.timezone})${stages}; running civic worker processes start it, one batch per tick.`;
}

export function describeScheduleList(entries: ScheduleEntry[]): string {
  if (entries.length === 0) return 'No schedules (civic schedule add --cron "0 3 * * *" adds one).';
  return entries
    .map((entry) => {
      const data = entry.data as { status?: string; stages?: string[] };
      return `${entry.name}  "${entry.cron}" ${entry.timezone}  status ${data.status ?? '?'}${data.stages ? `  stages ${data.stages.join(',')}` : ''}`;
    })
    .join('\n');
}
