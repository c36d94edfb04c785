import { useId } from 'react';
import type { CorrectionNote } from '@domain/newsroom.js';
import { formatDate } from '@domain/format.js';

/**
 * The correction notes an editor published on a meeting's story or decisions (issue 24), newest
 * first as the server lists them. A reader who saw the earlier text learns what changed and when,
 * which a silent fix would hide.
 */
export function Corrections({ corrections }: { corrections: readonly CorrectionNote[] | undefined }) {
  const headingId = useId();
  if (!corrections || corrections.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-amber-300 bg-amber-50 p-5 sm:p-6">
      <h2 id={headingId} className="font-serif text-xl font-semibold text-ink">
        Corrections
      </h2>
      <ul className="mt-3 grid gap-3">
        {corrections.map((correction, index) => (
          <li key={`${correction.at}-${index}`} className="grid gap-0.5 border-l-2 border-amber-400 pl-3">
            <time dateTime={correction.at} className="text-sm font-semibold text-amber-900">
              {formatDate(correction.at)}
            </time>
            <p className="leading-relaxed whitespace-pre-line text-ink">{correction.note}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
