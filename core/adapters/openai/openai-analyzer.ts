import OpenAI from 'openai';
import { analysisResultsSchema, type AnalysisResults, type Generator } from '../../domain/analysis.js';
import { newsStorySchema, type NewsStory } from '../../domain/news-story.js';
import { AppError } from '../../errors.js';
import type { AnalyzeInput, Analyzer, CallContext, StoryInput } from '../../ports/language-model.js';
import type { ModelLimiter, RateLimits } from '../../ports/model-limiter.js';
import { sleep as realSleep } from '../../sleep.js';
import { STORY_ANSWER_TOKENS } from './answer-sizes.js';
import { closingRemarks } from './chunking.js';
import { analyzeInChunks, type AnalysisPlan } from './map-reduce.js';
import { callStructured, type ModelClientOptions } from './model-client.js';
import { estimateModelWork, estimatePlanOf } from './estimate.js';
import type { ModelPrice } from './pricing.js';
import { storyMessages } from './prompts.js';
import { DEFAULT_MODEL_LIMITS, RateLimiter, type Clock } from './rate-limit.js';
import { modelStorySchema, SCHEMA_NAMES, toNewsStory } from './schemas.js';

export interface OpenAiAnalyzerOptions {
  apiKey: string;
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, llama.cpp, vLLM); OpenAI's by default. */
  baseUrl?: string;
  model: string;
  /** Shared by every call of this analyzer. Default: 500 requests and 200,000 tokens a minute, 4 at once. */
  limits?: RateLimits;
  /** Replaces this analyzer's own limiter, e.g. with one shared by every worker through the database. */
  limiter?: ModelLimiter;
  /** Per HTTP attempt. Default 180 s: a long chunk's answer takes a while to generate. */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 5xx, 408/409, timeouts and connection errors. Default 4. */
  maxRetries?: number;
  /** First backoff delay (doubling, with jitter, up to `retryMaxMs`). Default 1000 ms. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** The model's context window in tokens. Default 128,000. */
  contextTokens?: number;
  /** Tokens kept free for the answer in each call. Default 8,000, at most a quarter of the context. */
  outputReserveTokens?: number;
  /** Per-million-token prices by model name; see pricing.ts. */
  prices?: Readonly<Record<string, ModelPrice>>;
  /** Price of a model missing from `prices`. Default zero (self-hosted models). */
  defaultPrice?: ModelPrice;
  /**
   * Injected for tests: waiting between retries and in the rate limiter. A fake `sleep` must
   * move the `now` clock on (or the limits must never be reached), or the limiter waits forever.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injected for tests: the clock of the rate limiter and of `generated_at`. */
  now?: () => Date;
  /** Injected for tests: the jitter source, in [0, 1). */
  random?: () => number;
}

const DEFAULT_LIMITS: RateLimits = DEFAULT_MODEL_LIMITS;

export function createOpenAiAnalyzer(options: OpenAiAnalyzerOptions): Analyzer {
  if (!options.apiKey) throw new AppError('CONFIG', 'OPENAI_API_KEY is required for the openai analyzer');
  const now = options.now ?? (() => new Date());
  const clock: Clock = { now: () => now().getTime(), sleep: options.sleep ?? realSleep };
  const timeoutMs = options.timeoutMs ?? 180_000;
  const client = new OpenAI({
    apiKey: options.apiKey,
    // Passed explicitly so the SDK never falls back to environment variables (core reads none).
    baseURL: options.baseUrl ?? 'https://api.openai.com/v1',
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: timeoutMs,
    logLevel: 'off',
  });
  const estimates = estimatePlanOf(options);
  const modelClient: ModelClientOptions = {
    client,
    model: options.model,
    limiter: options.limiter ?? new RateLimiter(options.limits ?? DEFAULT_LIMITS, clock),
    clock,
    price: estimates.price,
    maxRetries: options.maxRetries ?? 4,
    backoff: { baseMs: options.retryBaseMs ?? 1000, maxMs: options.retryMaxMs ?? 30_000, random: options.random ?? Math.random },
  };
  const { contextTokens } = estimates;
  const plan: AnalysisPlan = { modelClient, contextTokens, outputReserveTokens: estimates.outputReserveTokens };
  const generator = (): Generator => ({ kind: 'openai', model: options.model, generated_at: now().toISOString() });

  return {
    kind: 'openai',
    model: options.model,
    estimate: (work) => estimateModelWork(estimates, work),
    async analyze(input: AnalyzeInput, ctx?: CallContext): Promise<AnalysisResults> {
      const analysis = await analyzeInChunks(plan, input, ctx);
      return validated(analysisResultsSchema, { ...analysis, generator: generator() }, 'analysis');
    },
    async writeStory(input: StoryInput, ctx?: CallContext): Promise<NewsStory> {
      const closingBudget = Math.min(1_000, Math.floor(contextTokens / 8));
      const story = await callStructured(
        modelClient,
        {
          purpose: 'story',
          schema: modelStorySchema,
          schemaName: SCHEMA_NAMES.story,
          messages: storyMessages(input, closingRemarks(input.segments, closingBudget)),
          outputTokens: STORY_ANSWER_TOKENS,
        },
        ctx,
      );
      return validated(newsStorySchema, { ...toNewsStory(story), generator: generator() }, 'story');
    },
  };
}

/** The last check against core/domain; a failure here is our bug, not the model's. */
function validated<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown } }, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('INTERNAL', `The ${what} built from the model's answer is invalid`, { cause: result.error });
  return result.data;
}
