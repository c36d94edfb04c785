import type { AnalysisResults } from '../domain/analysis.js';
import type { NewsStory } from '../domain/news-story.js';
import { buildTranscriptIndex, verifyAnalysis, verifyStory } from '../domain/quote-verification.js';
import { parseTranscriptFile, TranscriptFormatError, type TranscriptFileFormat } from '../domain/transcript-formats.js';
import { AppError } from '../errors.js';
import type { Analyzer, CallContext } from '../ports/language-model.js';

export interface AnalyzeFileOptions {
  /** Breaks format ties (".srt", ".vtt", ".json") and names the meeting when no title is given. */
  filename?: string;
  title?: string | null;
  /** Also write the news story. */
  story?: boolean;
  context?: CallContext;
}

export interface FileAnalysis {
  analysis: AnalysisResults;
  story?: NewsStory;
  format: TranscriptFileFormat;
  /** False when the file had no timings and times are estimates. */
  timed: boolean;
}

/**
 * `civic analyze --file`: a transcript file in, a verified analysis (and story) out, with no
 * database. The same analyzer and the same quote checks as the pipeline, so what an operator
 * tries here is what ingesting the meeting would store.
 */
export async function analyzeTranscriptFile(analyzer: Analyzer, content: string, options: AnalyzeFileOptions = {}): Promise<FileAnalysis> {
  let parsed;
  try {
    parsed = parseTranscriptFile(content, options.filename ? { filename: options.filename } : {});
  } catch (error) {
    if (error instanceof TranscriptFormatError) {
      throw new AppError('BAD_INPUT', `${options.filename ?? 'The file'} is not a transcript: ${error.message}`, { cause: error });
    }
    throw error;
  }
  if (parsed.segments.length === 0) throw new AppError('BAD_INPUT', `${options.filename ?? 'The file'} is not a transcript: it has no text`);
  const index = buildTranscriptIndex(parsed.segments);
  const title = options.title ?? titleFromFilename(options.filename);
  const analysis = verifyAnalysis(await analyzer.analyze({ segments: parsed.segments, title }, options.context), index);
  const result: FileAnalysis = { analysis, format: parsed.format, timed: parsed.timed };
  if (options.story) {
    const story = await analyzer.writeStory({ analysis, segments: parsed.segments, title }, options.context);
    result.story = verifyStory(story, index);
  }
  return result;
}

// "council_2024-05-07.vtt" -> "council 2024-05-07": the local analyzer reads the meeting day from it.
function titleFromFilename(filename: string | undefined): string | null {
  const base = filename?.split(/[\\/]/).pop()?.replace(/\.[a-z0-9]+$/i, '').replace(/_+/g, ' ').trim();
  return base ? base : null;
}
