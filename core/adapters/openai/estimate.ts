import type { ModelEstimate, ModelWork } from '../../ports/language-model.js';
import { analysisAnswerTokens, MERGE_ANSWER_TOKENS, STORY_ANSWER_TOKENS } from './answer-sizes.js';
import { estimateTokens } from './chunking.js';
import { DEFAULT_PRICES, estimateCostUsd, priceFor, UNKNOWN_MODEL_PRICE, type ModelPrice } from './pricing.js';
import { ANALYSIS_SYSTEM_PROMPT, MERGE_SYSTEM_PROMPT, STORY_SYSTEM_PROMPT } from './prompts.js';

/** What the estimate needs of the analyzer's settings (the same defaults as the calls). */
export interface EstimatePlan {
  model: string;
  price: ModelPrice;
  contextTokens: number;
  outputReserveTokens: number;
}

const DEFAULT_CONTEXT_TOKENS = 128_000;
const DEFAULT_OUTPUT_RESERVE = 8_000;

/**
 * The model's price and context as the analyzer will use them. Here, away from the SDK, so a
 * dry run estimates without loading it.
 */
export function estimatePlanOf(options: {
  model: string;
  contextTokens?: number;
  outputReserveTokens?: number;
  prices?: Readonly<Record<string, ModelPrice>>;
  defaultPrice?: ModelPrice;
}): EstimatePlan {
  const contextTokens = options.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  return {
    model: options.model,
    price: priceFor(options.model, options.prices ?? DEFAULT_PRICES, options.defaultPrice ?? UNKNOWN_MODEL_PRICE),
    contextTokens,
    // At most a quarter of the context is kept for the answer.
    outputReserveTokens: Math.min(options.outputReserveTokens ?? DEFAULT_OUTPUT_RESERVE, Math.floor(contextTokens / 4)),
  };
}

/** Title, date and part lines around each chunk; the "[0:12:34] Speaker:" prefix of each line. */
const FRAMING_TOKENS = 60;
const LINE_PREFIX_SHARE = 0.1;
/** The story prompt: the analysis as JSON and the meeting's closing remarks (at most 1,000 tokens). */
const STORY_INPUT_TOKENS = 3_000;
/** A chunk's summary as the merge call receives it. */
const SUMMARY_TOKENS = 250;

/**
 * What the model work of a dry run would cost: calls, tokens and dollars at the model's list
 * price, from each meeting's transcript size. Long meetings are split as analyzeInChunks
 * splits them (one call per chunk, plus one merge of their summaries).
 */
export function estimateModelWork(plan: EstimatePlan, work: ModelWork): ModelEstimate {
  let calls = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  const analysisPrompt = estimateTokens(ANALYSIS_SYSTEM_PROMPT) + FRAMING_TOKENS;
  const room = Math.max(1, plan.contextTokens - plan.outputReserveTokens - analysisPrompt);
  for (const chars of work.analyses) {
    const transcript = Math.ceil((chars / 4) * (1 + LINE_PREFIX_SHARE));
    const chunks = Math.max(1, Math.ceil(transcript / room));
    calls += chunks;
    tokensIn += transcript + chunks * analysisPrompt;
    tokensOut += chunks * analysisAnswerTokens(chunks, plan.outputReserveTokens);
    if (chunks > 1) {
      calls += 1;
      tokensIn += estimateTokens(MERGE_SYSTEM_PROMPT) + chunks * SUMMARY_TOKENS;
      tokensOut += MERGE_ANSWER_TOKENS;
    }
  }
  for (let story = 0; story < work.stories; story++) {
    calls += 1;
    tokensIn += estimateTokens(STORY_SYSTEM_PROMPT) + STORY_INPUT_TOKENS;
    tokensOut += STORY_ANSWER_TOKENS;
  }
  return { model: plan.model, offline: false, calls, tokensIn, tokensOut, costUsd: estimateCostUsd(plan.price, tokensIn, tokensOut) };
}
