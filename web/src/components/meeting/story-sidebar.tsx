import { Link } from '@/lib/router/index.js';
import type { NewsStory } from '@domain/news-story.js';
import { formatTimestamp } from '@domain/transcript.js';
import { formatDay } from '@domain/format.js';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.js';
import { QuoteView } from './quote-view.js';

function SideCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm leading-relaxed text-ink">{children}</CardContent>
    </Card>
  );
}

/** Spec §2 screen 11's sidebar: quote block, Quick Facts, Background and Next Steps. */
export function StorySidebar({ story, meetingHref }: { story: NewsStory; meetingHref: string }) {
  const { quote_block: quote, quick_facts: facts, background } = story.sidebar_elements;
  const next = story.metadata.next_meeting_date;
  return (
    <aside aria-label="About this story" className="grid content-start gap-6">
      {quote && (
        <Card className="bg-paper-muted">
          <CardContent className="grid gap-2 pt-6">
            <QuoteView
              quote={{ text: quote.quote, speaker: quote.attribution, verification_status: quote.verification_status, start_ms: quote.start_ms ?? null }}
              renderTime={(ms) => (
                <Link to={`${meetingHref}?t=${Math.floor(ms / 1000)}`} className="font-medium text-accent hover:underline">
                  Watch at {formatTimestamp(ms)}
                </Link>
              )}
            />
            {quote.context && <p className="text-sm text-ink-muted">{quote.context}</p>}
          </CardContent>
        </Card>
      )}
      {facts.length > 0 && (
        <SideCard title="Quick Facts">
          <ul className="grid list-disc gap-2 pl-5">
            {facts.map((fact, index) => (
              <li key={index}>{fact}</li>
            ))}
          </ul>
        </SideCard>
      )}
      {background && (
        <SideCard title="Background">
          <p>{background}</p>
        </SideCard>
      )}
      <SideCard title="Next Steps">
        <p>{next ? `Next meeting: ${formatDay(next)}` : 'No next meeting date was announced.'}</p>
        {story.metadata.follow_up_needed && <p className="mt-2 text-ink-muted">We will follow up on this story.</p>}
      </SideCard>
    </aside>
  );
}
