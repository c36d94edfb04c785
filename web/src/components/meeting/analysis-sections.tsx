import type { AnalysisResults, Highlight } from '@domain/analysis.js';
import { parseTimestamp } from '@domain/transcript.js';
import type { CorrectionNote } from '@domain/newsroom.js';
import { formatDay } from '@domain/format.js';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.js';
import { Corrections } from './corrections.js';
import { DecisionList } from './decision-list.js';
import { CopyMomentButton, SeekButton } from './moment-button.js';
import { QuoteView } from './quote-view.js';

/** Where a highlight happened: its verified start, else its written timestamp. */
function highlightMs(highlight: Highlight): number | null {
  return highlight.start_ms ?? parseTimestamp(highlight.timestamp);
}

/** A named region, so a screen reader can jump between the sections and tests can find one by its title. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function HighlightItem({ highlight, pathname }: { highlight: Highlight; pathname: string }) {
  const ms = highlightMs(highlight);
  return (
    <li className="grid gap-3 border-b border-line pb-5 last:border-b-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        {ms !== null ? <SeekButton ms={ms} label={highlight.point_of_interest} /> : <span className="font-mono text-xs">{highlight.timestamp}</span>}
        {ms !== null && <CopyMomentButton ms={ms} pathname={pathname} />}
      </div>
      <p className="leading-relaxed text-ink">{highlight.point_of_interest}</p>
      {highlight.quotes.length > 0 && (
        <div className="grid gap-3">
          {highlight.quotes.map((quote, index) => (
            <QuoteView
              key={index}
              quote={quote}
              renderTime={(at) => (
                <span className="inline-flex flex-wrap items-center gap-1">
                  <SeekButton ms={at} label={`quote by ${quote.speaker}`} />
                  <CopyMomentButton ms={at} pathname={pathname} />
                </span>
              )}
            />
          ))}
        </div>
      )}
    </li>
  );
}

/**
 * Summary, Decisions (when recorded), Key Highlights, Action Items and Key Entities of an analysis
 * (spec §2 screen 10). Correction notes follow the decisions, which editors correct too (issue 24).
 */
export function AnalysisSections({ analysis, pathname, corrections }: { analysis: AnalysisResults; pathname: string; corrections?: readonly CorrectionNote[] | undefined }) {
  return (
    <>
      <Section id="summary" title="Summary">
        <p className="leading-relaxed whitespace-pre-line text-ink">{analysis.summary}</p>
      </Section>
      {/* An analysis written before decisions were recorded says nothing about them: no section. */}
      {analysis.decisions && (
        <Section id="decisions" title="Decisions">
          {analysis.decisions.length ? (
            <DecisionList decisions={analysis.decisions} pathname={pathname} />
          ) : (
            <p className="text-ink-muted">No votes or other decisions were found in this meeting.</p>
          )}
        </Section>
      )}
      <Corrections corrections={corrections} />
      <Section id="key-highlights" title="Key Highlights">
        {analysis.highlights.length ? (
          <ol className="grid gap-5">
            {analysis.highlights.map((highlight, index) => (
              <HighlightItem key={index} highlight={highlight} pathname={pathname} />
            ))}
          </ol>
        ) : (
          <p className="text-ink-muted">No highlights were found in this meeting.</p>
        )}
      </Section>
      <Section id="action-items" title="Action Items">
        {analysis.action_items.length ? (
          <ul className="grid gap-4">
            {analysis.action_items.map((item, index) => (
              <li key={index} className="grid gap-1 border-b border-line pb-4 last:border-b-0 last:pb-0">
                <p className="leading-relaxed text-ink">{item.description}</p>
                <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
                  <div className="flex gap-1">
                    <dt className="font-semibold">Responsible:</dt>
                    <dd>{item.responsible_party || 'Not stated'}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="font-semibold">Due:</dt>
                    <dd>{formatDay(item.due_date) || 'Not stated'}</dd>
                  </div>
                </dl>
                {item.start_ms != null && (
                  <div>
                    <SeekButton ms={item.start_ms} label={item.description} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">No action items were recorded.</p>
        )}
      </Section>
      <Section id="key-entities" title="Key Entities">
        {analysis.entities.length ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {analysis.entities.map((entity, index) => (
              <li key={index} className="rounded-md border border-line bg-paper-muted p-3">
                <p className="font-semibold text-ink">
                  {entity.name} <span className="text-xs font-normal text-ink-muted capitalize">({entity.type})</span>
                </p>
                {entity.context && <p className="mt-1 text-sm leading-relaxed text-ink-muted">{entity.context}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">No people, organisations or places were identified.</p>
        )}
      </Section>
    </>
  );
}
