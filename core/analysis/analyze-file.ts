import type { AnalysisResults } from '../domain/analysis.js';
import type { NewsStory } from '../domain/news-story.js';
import { buildTranscriptIndex, verifyAnalysis, verifyStory } from '../domain/quote-verification.js';
import { parseTranscriptFile, TranscriptFormatError, type TranscriptFileFormat } from '../domain/transcript-formats.js';
import { joinTranscriptParts, type PartPlacement, type TranscriptPart } from '../domain/transcript-parts.js';
import { AppError } from '../errors.js';
import type { Analyzer, CallContext } from '../ports/language-model.js';

export interface AnalyzeFileOptions {
  title?: string | null;
  /** Also write the news story. */
  story?: boolean;
  context?: CallContext;
}

export interface FileAnalysis {
  analysis: AnalysisResults;
  story?: NewsStory;
  /** 'mixed' when the parts of a meeting came in different formats. */
  format: TranscriptFileFormat | 'mixed';
  /** False when the file had no timings and times are estimates. */
  timed: boolean;
  /** A meeting given in several files: each part's format and where it starts. Absent for one file. */
  parts?: PartPlacement[];
}

export interface TranscriptFileContent {
  content: string;
  /** Breaks format ties (".srt", ".vtt", ".json") and names the file in errors; the first part's names the meeting when no title is given. */
  filename?: string;
}

/**
 * `civic analyze --file`: transcript files in, a verified analysis (and story) out, with no
 * database. The same analyzer and the same quote checks as the pipeline, so what an operator
 * tries here is what ingesting the meeting would store. Several files are the parts of one
 * meeting, analysed as one: every part is read before any analysis, so a part that is not a
 * transcript stops the run naming that file.
 */
export async function analyzeTranscriptFiles(
  analyzer: Analyzer, files: readonly TranscriptFileContent[], options: AnalyzeFileOptions = {},
): Promise<FileAnalysis> {
  if (files.length === 0) throw new AppError('BAD_INPUT', 'No transcript file given');
  const parts = files.map((file, i) => readPart(file, files.length > 1 ? i + 1 : null));
  const joined = joinTranscriptParts(parts);
  const { segments, timed } = joined;
  const index = buildTranscriptIndex(segments);
  const title = options.title ?? titleFromFilename(files[0]?.filename);
  const verified = verifyAnalysis(await analyzer.analyze({ segments, title, timed }, options.context), index);
  const analysis = timed ? verified : withoutTimesInAnalysis(verified);
  const formats = new Set(joined.parts.map((part) => part.format));
  const format = formats.size === 1 ? [...formats][0] ?? 'mixed' : 'mixed';
  const result: FileAnalysis = { analysis, format, timed, ...(files.length > 1 ? { parts: joined.parts } : {}) };
  if (options.story) {
    const story = verifyStory(await analyzer.writeStory({ analysis, segments, title, timed }, options.context), index);
    result.story = timed ? story : withoutTimesInStory(story);
  }
  return result;
}

function readPart(file: TranscriptFileContent, partNumber: number | null): TranscriptPart {
  const name = `${file.filename ?? 'The file'}${partNumber === null ? '' : ` (part ${partNumber})`}`;
  let parsed;
  try {
    parsed = parseTranscriptFile(file.content, file.filename ? { filename: file.filename } : {});
  } catch (error) {
    if (error instanceof TranscriptFormatError) throw new AppError('BAD_INPUT', `${name} is not a transcript: ${error.message}`, { cause: error });
    throw error;
  }
  if (parsed.segments.length === 0) throw new AppError('BAD_INPUT', `${name} is not a transcript: it has no text`);
  return { name: file.filename ?? `part ${partNumber ?? 1}`, parsed };
}

// Without timings the segments' times are estimates from word positions: a quote is still
// checked against the words, but no second of a video is claimed for it.
function withoutTimesInAnalysis(analysis: AnalysisResults): AnalysisResults {
  return {
    ...analysis,
    highlights: analysis.highlights.map((highlight) => ({
      ...highlight,
      timestamp: '',
      start_ms: null,
      quotes: highlight.quotes.map((quote) => ({ ...quote, start_ms: null })),
    })),
    action_items: analysis.action_items.map((item) => ({ ...item, start_ms: null })),
    ...(analysis.decisions
      ? { decisions: analysis.decisions.map((decision) => ({ ...decision, evidence: decision.evidence.map((said) => ({ ...said, start_ms: null })) })) }
      : {}),
  };
}

function withoutTimesInStory(story: NewsStory): NewsStory {
  const block = story.sidebar_elements.quote_block;
  return block ? { ...story, sidebar_elements: { ...story.sidebar_elements, quote_block: { ...block, start_ms: null } } } : story;
}

// "council_2024-05-07.vtt" -> "council 2024-05-07": the local analyzer reads the meeting day from it.
function titleFromFilename(filename: string | undefined): string | null {
  const base = filename?.split(/[\\/]/).pop()?.replace(/\.[a-z0-9]+$/i, '').replace(/_+/g, ' ').trim();
  return base ? base : null;
}
