/** US dollars per million tokens. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/**
 * Standard (non-batch, uncached) list prices, used to estimate what a call cost. Estimates
 * only: cached-input discounts are ignored, so real bills are at most this.
 */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4 },
};

/**
 * Price of a model missing from the table: zero, because the usual unknown model is a
 * self-hosted one (Ollama, llama.cpp, vLLM) that has no per-token price. Whoever runs a paid
 * model that is not listed passes its price in `prices` (or a different `defaultPrice`).
 */
export const UNKNOWN_MODEL_PRICE: ModelPrice = { inputPerMTok: 0, outputPerMTok: 0 };

/**
 * The price of `model`: an exact entry, else the longest entry it starts with followed by a
 * dash, so dated snapshots ("gpt-4o-mini-2024-07-18") cost what their family costs.
 */
export function priceFor(
  model: string,
  prices: Readonly<Record<string, ModelPrice>> = DEFAULT_PRICES,
  fallback: ModelPrice = UNKNOWN_MODEL_PRICE,
): ModelPrice {
  const exact = prices[model];
  if (exact) return exact;
  const family = Object.keys(prices)
    .filter((name) => model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length)[0];
  return (family ? prices[family] : undefined) ?? fallback;
}

export function estimateCostUsd(price: ModelPrice, tokensIn: number, tokensOut: number): number {
  const cost = (tokensIn * price.inputPerMTok + tokensOut * price.outputPerMTok) / 1_000_000;
  return Math.round(cost * 1e8) / 1e8;
}
