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
  const verified = verifyAnalysis(await analyzer.analyze({ segments: parsed.segments, title, timed: parsed.timed }, options.context), index);
  const analysis = parsed.timed ? verified : withoutTimesInAnalysis(verified);
  const result: FileAnalysis = { analysis, format: parsed.format, timed: parsed.timed };
  if (options.story) {
    const story = verifyStory(await analyzer.writeStory({ analysis, segments: parsed.segments, title, timed: parsed.timed }, options.context), index);
    result.story = parsed.timed ? story : withoutTimesInStory(story);
  }
  return result;
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
