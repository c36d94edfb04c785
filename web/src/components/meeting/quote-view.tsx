import type { Quote } from '@domain/analysis.js';
import { formatTimestamp } from '@domain/transcript.js';
import { Badge } from '../ui/badge.js';

/**
 * A quote as its verification allows (design §3): a verified quote is shown as a quote with
 * the second it was said; a paraphrase is labelled and not put in quotation marks; anything
 * else (unverified, or never checked) is not presented as a quote at all, only as a remark
 * the transcript does not confirm.
 */
export function QuoteView({ quote, renderTime }: { quote: Quote; renderTime?: (ms: number) => React.ReactNode }) {
  const speaker = quote.speaker.trim();
  const at = quote.start_ms ?? null;
  if (quote.verification_status === 'verified') {
    return (
      <figure className="border-l-4 border-accent pl-3">
        <blockquote className="font-serif text-base leading-relaxed text-ink">“{quote.text}”</blockquote>
        <figcaption className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          {speaker && <span>— {speaker}</span>}
          {at !== null && (renderTime ? renderTime(at) : <span>at {formatTimestamp(at)}</span>)}
        </figcaption>
      </figure>
    );
  }
  if (quote.verification_status === 'paraphrased') {
    return (
      <div className="border-l-4 border-line-strong pl-3 text-sm leading-relaxed text-ink">
        <Badge tone="grey" className="mr-2 align-middle">
          Paraphrased
        </Badge>
        {speaker ? `${speaker}, in substance: ` : 'In substance: '}
        {quote.text}
        {at !== null && <span className="ml-2 inline-block align-middle">{renderTime ? renderTime(at) : formatTimestamp(at)}</span>}
      </div>
    );
  }
  return (
    <p className="border-l-4 border-line pl-3 text-sm leading-relaxed text-ink-muted">
      <Badge tone="neutral" className="mr-2 align-middle">
        Not found in the transcript
      </Badge>
      A remark attributed to {speaker || 'a speaker'} could not be matched to the recording, so it is not quoted here.
    </p>
  );
}
