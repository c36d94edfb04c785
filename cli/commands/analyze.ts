import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, analyzeTranscriptFiles, countQuotes, type FileAnalysis, type PartPlacement, type Ports } from '../../core/index.js';
import type { AnalysisResults } from '../../core/domain/analysis.js';
import { parseTimestamp } from '../../core/domain/transcript.js';
import { decodeTranscriptBytes } from '../../core/domain/transcript-formats.js';
import { describeDecisions } from '../ui/decisions-text.js';
import { describeStory, indent, QUOTE_MARKS as MARKS } from '../ui/story-text.js';
import { formatClock } from '../ui/table.js';

export interface AnalyzeOptions {
  /** One transcript file, or the parts of one meeting in order (--file repeated). */
  file?: string[];
  story?: boolean;
  title?: string;
  force?: boolean;
  json?: boolean;
}

/** Transcript files larger than this are refused rather than read into memory. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** `civic analyze` takes a video or --file, never both; --story goes with --file only. */
export function analyzeUsageProblem(video: string | undefined, options: AnalyzeOptions): string | null {
  if (video && options.file) return 'give a video or --file <transcript>, not both';
  if (!video && !options.file) return 'missing a video (our id or the YouTube id) or --file <transcript>';
  if (video && options.story) return '--story goes with --file (civic story <video> writes a stored video\'s story)';
  if (options.file && options.force) return '--force goes with a video, not --file';
  return null;
}

/**
 * `civic analyze --file`: read, analyse and verify a transcript file without any database;
 * several files are the parts of one meeting, all read before anything is analysed.
 */
export async function analyzeFile(ports: Pick<Ports, 'analyzer'>, options: AnalyzeOptions & { file: string[] }): Promise<FileAnalysis> {
  const files = [];
  for (const file of options.file) files.push({ content: await readTranscriptFile(file), filename: path.basename(file) });
  return analyzeTranscriptFiles(ports.analyzer, files, {
    ...(options.title ? { title: options.title } : {}),
    story: options.story ?? false,
  });
}

async function readTranscriptFile(file: string): Promise<string> {
  try {
    const stat = await fs.stat(file);
    if (stat.isDirectory()) throw new AppError('BAD_INPUT', `Cannot read ${file}: it is a directory`);
    if (stat.size > MAX_FILE_BYTES) throw new AppError('BAD_INPUT', `Cannot read ${file}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
    return decodeTranscriptBytes(await fs.readFile(file));
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : error instanceof Error ? error.message : String(error);
    throw new AppError('BAD_INPUT', `Cannot read ${file}: ${reason}`, { cause: error });
  }
}

/** The readable rendering: summary, highlights with their moment and quote checks, decisions, action items, entities, story. */
export function describeFileAnalysis(result: FileAnalysis): string {
  const { analysis, story } = result;
  const quotes = countQuotes(analysis, story ?? null);
  const generator = analysis.generator ? `${analysis.generator.kind} analyzer (${analysis.generator.model})` : 'analyzer';
  const lines = [
    `Transcript: ${result.format}${result.timed ? '' : ' (no timings: times are estimates)'}; analysed by the ${generator}`,
    ...describeParts(result.parts ?? []),
    `Quotes: ${quotes.verified} verified, ${quotes.paraphrased} paraphrased, ${quotes.unverified} unverified`,
    '',
    'Summary',
    indent(analysis.summary),
    ...describeHighlights(analysis),
    ...describeDecisions(analysis.decisions),
    ...describeActionItems(analysis),
    ...describeEntities(analysis),
    ...(story ? describeStory(story) : []),
  ];
  return lines.join('\n');
}

// "  part 2 at 0:12:30: council-b.vtt (webvtt, 210 segments)", so a moment can be found in its own video.
function describeParts(parts: readonly PartPlacement[]): string[] {
  if (parts.length === 0) return [];
  return [`Parts (${parts.length}, joined in the order given)`, ...parts.map((part, i) => {
    const at = part.start_ms === null ? '' : ` at ${formatClock(part.start_ms)}`;
    return `  part ${i + 1}${at}: ${part.name} (${part.format}${part.timed ? '' : ', no timings'}, ${part.segments} segments)`;
  })];
}

function describeHighlights(analysis: AnalysisResults): string[] {
  const lines = ['', `Highlights (${analysis.highlights.length})`];
  for (const highlight of analysis.highlights) {
    const ms = highlight.start_ms ?? parseTimestamp(highlight.timestamp);
    lines.push(`  [${ms === null ? highlight.timestamp : formatClock(ms)}] ${highlight.point_of_interest}`);
    for (const quote of highlight.quotes) {
      const mark = quote.verification_status ? MARKS[quote.verification_status] : 'not checked';
      const at = quote.start_ms != null && quote.start_ms !== ms ? ` at ${formatClock(quote.start_ms)}` : '';
      lines.push(`      “${quote.text}” — ${quote.speaker || 'unnamed speaker'}  ${mark}${at}`);
    }
  }
  return lines;
}

function describeActionItems(analysis: AnalysisResults): string[] {
  const lines = ['', `Action items (${analysis.action_items.length})`];
  for (const item of analysis.action_items) {
    const due = item.deadline || item.due_date;
    lines.push(`  - ${item.description}`, `      ${item.responsible_party || 'no party named'}; due: ${due || 'not set'}`);
  }
  return lines;
}

function describeEntities(analysis: AnalysisResults): string[] {
  const byType = new Map<string, string[]>();
  for (const entity of analysis.entities) byType.set(entity.type, [...(byType.get(entity.type) ?? []), entity.name]);
  const lines = ['', `Entities (${analysis.entities.length})`];
  for (const [type, names] of [...byType].sort(([a], [b]) => a.localeCompare(b))) lines.push(`  ${type}: ${names.join(', ')}`);
  return lines;
}
