import { AppError } from '../errors.js';
import type { Analyzer } from '../ports/language-model.js';
import type { OpenAiAnalyzerOptions } from './openai/openai-analyzer.js';

/**
 * The OpenAI analyzer, its SDK (some 600 modules, ~10 MB) loaded by the first model call: a
 * command that never calls the model (db, search, a transcript-only run) never loads it. One
 * analyzer is made on that first call and shared by every call after, so its rate limiter
 * sees them all, as it would if made up front.
 */
export function createOpenAiModel(options: OpenAiAnalyzerOptions): Analyzer {
  if (!options.apiKey) throw new AppError('CONFIG', 'OPENAI_API_KEY is required for the openai analyzer');
  let analyzer: Promise<Analyzer> | undefined;
  const load = () => (analyzer ??= import('./openai/openai-analyzer.js').then(({ createOpenAiAnalyzer }) => createOpenAiAnalyzer(options)));
  return {
    kind: 'openai',
    model: options.model,
    analyze: async (input, ctx) => (await load()).analyze(input, ctx),
    writeStory: async (input, ctx) => (await load()).writeStory(input, ctx),
  };
}
