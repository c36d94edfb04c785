import type { Decision } from './decisions.js';

/**
 * The editor's context steers the offline writer (issue 24): "Lead with the water rates", "focus
 * on the Sunday library hours" pick the decision whose words share the most with what follows.
 * Null when the context asks for no lead or the meeting decided nothing it names: the writer then
 * leads as it would have.
 */
const LEAD = /\b(?:lead|open|start|focus|headline)\s+(?:the\s+story\s+)?(?:with|on)\s+(.+?)(?:[.;!?]|$)/i;
const STOPWORDS = new Set('the a an of to for and or in on at by with from as is are be was were that this these those it its our their'.split(' '));

function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3 && !STOPWORDS.has(word))
      .map((word) => word.replace(/(?<=...)s$/, '')),
  );
}

export function steeredMain(decisions: readonly Decision[], context: string | null | undefined): Decision | null {
  const wanted = LEAD.exec(context ?? '')?.[1];
  if (!wanted) return null;
  const words = contentWords(wanted);
  let best: Decision | null = null;
  let bestShared = 0;
  for (const decision of decisions) {
    if (!decision.vote?.outcome || (!decision.subject && !decision.action)) continue;
    const said = contentWords(`${decision.subject ?? ''} ${decision.action ?? ''} ${decision.item?.title ?? ''}`);
    const shared = [...words].filter((word) => said.has(word)).length;
    if (shared > bestShared) [best, bestShared] = [decision, shared];
  }
  return best;
}
