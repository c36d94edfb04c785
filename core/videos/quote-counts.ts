import type { AnalysisResults } from '../domain/analysis.js';
import type { NewsStory } from '../domain/news-story.js';

export interface QuoteCounts {
  verified: number;
  paraphrased: number;
  unverified: number;
  /** Not checked against the transcript yet (the verify stage has not run since). */
  unchecked: number;
}

/** How the quotes of an analysis (highlights) and a story (its quote block) stand against the transcript. */
export function countQuotes(analysis: AnalysisResults | null | undefined, story?: NewsStory | null): QuoteCounts {
  const counts: QuoteCounts = { verified: 0, paraphrased: 0, unverified: 0, unchecked: 0 };
  const statuses = [
    ...(analysis?.highlights ?? []).flatMap((highlight) => highlight.quotes.map((quote) => quote.verification_status)),
    ...(story?.sidebar_elements.quote_block ? [story.sidebar_elements.quote_block.verification_status] : []),
  ];
  for (const status of statuses) counts[status ?? 'unchecked'] += 1;
  return counts;
}
