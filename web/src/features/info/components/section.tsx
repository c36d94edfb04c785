import type { ReactNode } from 'react';

/** A titled part of an information page (About, Privacy): h2 and readable body text. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="font-serif text-2xl font-semibold text-ink">{title}</h2>
      <div className="mt-3 space-y-4 text-lg leading-relaxed text-ink-muted">{children}</div>
    </section>
  );
}
