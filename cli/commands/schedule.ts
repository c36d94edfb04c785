import type { Core, RunStage, ScheduleEntry } from '../../core/index.js';

export interface ScheduleAddOptions {
  cron: string;
  status: string;
  name?: string;
  stages?: RunStage[];
}

export function addSchedule(core: Core, options: ScheduleAddOptions): Promise<ScheduleEntry> {
  return core.queue.addSchedule({ cron: options.cron, status: options.status, ...(options.name ? { name: options.name } : {}), ...(options.stages ? { stages: options.stages } : {}) });
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
