import { daysBefore, type CityReport, type Core, type LastRun, type ModelUsage, type Report } from '../../core/index.js';
import { resolveCityKey } from '../city-key.js';
import { namedInCliWords } from '../named-errors.js';
import { describeModelUsage, describeRunStatus } from '../../core/domain/model-usage.js';
import { truncate } from '../ui/format.js';
import { outputWidth, wrapToWidth } from '../ui/table.js';
import { formatCompact, formatCount, formatUsd, formatUtcMinute } from '../../core/domain/format.js';

/** `since`: the last N days of model calls only (`--since <days>`). */
export async function buildReport(core: Core, options: { city?: string; failures?: boolean; since?: number }): Promise<Report> {
  return namedInCliWords(
    core.reports.buildReport({
      ...(options.city === undefined ? {} : { cityKey: await resolveCityKey(core, options.city) }),
      ...(options.failures ? { allFailures: true } : {}),
      ...(options.since === undefined ? {} : { since: daysBefore(new Date(), options.since) }),
    }),
  );
}

/**
 * `civic report --failures`: every failed stage of each city, newest first, its reason whole
 * on a line of its own (where the live display had to cut it to the terminal's width).
 */
export function describeFailures(report: Report, width = outputWidth()): string {
  if (report.cities.length === 0) return 'No cities yet: nothing to report';
  const lines: string[] = [];
  for (const { city, failures } of report.cities) {
    const count = failures.latest.length;
    const sources = failures.discovery.length;
    const counts = [...(sources > 0 ? [`${formatCount(sources, 'source')} failed discovery`] : []), ...(count > 0 ? [formatCount(count, 'failed stage')] : [])];
    lines.push(`${city.name}, ${city.state} (${city.location_key}): ${counts.length === 0 ? 'no failures' : counts.join(', ')}`);
    for (const source of failures.discovery) {
      lines.push(
        `  ✗ discover   ${source.url}  ${source.attempts}×  ${source.at ? formatUtcMinute(source.at) : ''}`.trimEnd(),
        `    ${(source.error ?? 'unknown error').replace(/\s+/g, ' ').trim()}`,
      );
    }
    for (const failure of failures.latest) {
      lines.push(
        `  ✗ ${failure.stage.padEnd(10)} ${failure.videoId}  ${failure.attempts}×  ${formatUtcMinute(failure.at)}`,
        `    ${failure.title ?? '(untitled)'}`,
        `    ${(failure.error ?? 'unknown error').replace(/\s+/g, ' ').trim()}`,
      );
    }
    lines.push('');
  }
  return wrapToWidth(lines.join('\n').trimEnd(), width);
}

export function describeReport(report: Report, width = outputWidth()): string {
  return wrapToWidth(reportLines(report), width);
}

function reportLines(report: Report): string {
  if (report.cities.length === 0) return 'No cities yet: nothing to report';
  const lines: string[] = report.since ? [`Model figures since ${formatUtcMinute(report.since)}`, ''] : [];
  for (const city of report.cities) lines.push(...describeCityReport(city), '');
  if (report.cities.length > 1) {
    const { videos, failures, model, lastRun } = report.totals;
    lines.push(
      'All cities',
      `  Videos:     ${videos.total} total, ${videos.withTranscript} with transcript, ${videos.analysed} analysed, ${videos.withStory} with story`,
      `  Failures:   ${failures}`,
      `  Model:      ${describeModel(model)}`,
      `  Last run:   ${describeLastRun(lastRun)}`,
    );
  }
  return lines.join('\n').trimEnd();
}

function describeCityReport(report: CityReport): string[] {
  const { city, videos, failures, model, lastRun } = report;
  const lines = [
    `${city.name}, ${city.state} (${city.location_key}, ${city.status})`,
    `  Videos:     ${videos.total} total, ${videos.withTranscript} with transcript, ${videos.analysed} analysed, ${videos.withStory} with story`,
    `  Failures:   ${describeFailureCount(failures)}`,
  ];
  for (const source of failures.discovery) {
    lines.push(`    discover ${source.url} (${source.attempts}×, ${formatUtcMinute(source.at)}): ${truncate(source.error ?? 'unknown error', 100)}`);
  }
  for (const failure of failures.latest) {
    lines.push(`    ${failure.stage} ${failure.videoId} (${failure.attempts}×, ${formatUtcMinute(failure.at)}): ${truncate(failure.error ?? 'unknown error', 100)}`);
  }
  lines.push(
    `  Model:      ${describeModel(model)}`,
    `  Last run:   ${describeLastRun(lastRun)}`,
  );
  return lines;
}

function describeFailureCount(failures: CityReport['failures']): string {
  const sources = failures.discovery.length;
  const stages = failures.count - sources;
  const parts = [
    ...(sources > 0 ? [`${formatCount(sources, 'source')} failed discovery`] : []),
    ...(stages > 0 ? [`${formatCount(stages, 'stage')} failed`] : []),
  ];
  return parts.length === 0 ? 'none' : parts.join(', ');
}

function describeLastRun(lastRun: LastRun | null): string {
  if (!lastRun) return 'never';
  return `${lastRun.command} ${describeRunStatus(lastRun.status)}, ${formatUtcMinute(lastRun.startedAt)}`;
}

/** The shared words of the figures (the Admin Panel's pipeline card says the same), then per meeting. */
function describeModel(model: ModelUsage): string {
  if (model.calls === 0) return describeModelUsage(model);
  const perMeeting = model.perMeeting
    ? `; per meeting ${formatUsd(model.perMeeting.costUsd)}, ${formatCompact(model.perMeeting.tokensIn)} in / ${formatCompact(model.perMeeting.tokensOut)} out`
    : '';
  return `${describeModelUsage(model)} over ${formatCount(model.meetings, 'meeting')}${perMeeting}`;
}
