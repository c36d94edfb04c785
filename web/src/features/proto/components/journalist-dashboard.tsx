import { useState } from 'react';
import { VERIFICATION_STATUSES, type VerificationStatus } from '@domain/enums.js';
import { Badge, type BadgeTone } from '@/components/ui/badge.js';
import { cn } from '@/lib/cn.js';
import { sendEvent } from '../api/send-event.js';
import { DASHBOARD_QUOTES } from '../showcase-data.js';

const TONE: Record<VerificationStatus, BadgeTone> = { verified: 'success', paraphrased: 'yellow', unverified: 'danger' };

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/** Quotes a reporter may use, with how each was checked against the transcript. */
export function JournalistDashboard() {
  const [status, setStatus] = useState<VerificationStatus | 'all'>('all');
  const counts = Object.fromEntries(VERIFICATION_STATUSES.map((s) => [s, DASHBOARD_QUOTES.filter((q) => q.verification_status === s).length])) as Record<VerificationStatus, number>;
  const quotes = DASHBOARD_QUOTES.filter((quote) => status === 'all' || quote.verification_status === status);
  return (
    <div className="grid gap-5">
      <div role="group" aria-label="Filter by verification" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(['all', ...VERIFICATION_STATUSES] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={status === option}
            onClick={() => {
              sendEvent('entity_filter_click', { demo: 'journalist_dashboard', verification_status: option });
              setStatus(option);
            }}
            className={cn('rounded-lg border p-3 text-left', status === option ? 'border-accent bg-accent-soft' : 'border-line bg-white hover:bg-paper-muted')}
          >
            <span className="block font-serif text-2xl font-bold text-ink">{option === 'all' ? DASHBOARD_QUOTES.length : counts[option]}</span>
            <span className="text-sm text-ink-muted capitalize">{option === 'all' ? 'All quotes' : option}</span>
          </button>
        ))}
      </div>
      <ul className="grid gap-3">
        {quotes.map((quote) => (
          <li key={quote.id} className="rounded-lg border border-line bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={TONE[quote.verification_status]}>{quote.verification_status}</Badge>
              <span className="text-sm text-ink-muted">
                {quote.meeting}
                {quote.verification_status !== 'unverified' && ` at ${clock(quote.at_seconds)}`}
              </span>
            </div>
            {/* Unverified words are never shown as a quote (design §6). */}
            {quote.verification_status === 'unverified' ? (
              <p className="mt-2 text-ink">
                Not found in the transcript, do not quote: <span className="text-ink-muted">{quote.text}</span> (attributed to {quote.speaker})
              </p>
            ) : (
              <blockquote className="mt-2 text-ink">
                “{quote.text}” <span className="text-ink-muted">— {quote.speaker}{quote.verification_status === 'paraphrased' ? ' (paraphrased)' : ''}</span>
              </blockquote>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
