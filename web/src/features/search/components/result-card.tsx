import ExternalLink from 'lucide-react/icons/external-link';
import FileText from 'lucide-react/icons/file-text';
import Video from 'lucide-react/icons/video';
import { Link } from '@/lib/router/index.js';
import { highlightParts, type SearchResultAnswer } from '@domain/search-answer.js';
import { formatTimestamp } from '@domain/transcript.js';
import { watchUrl } from '@domain/youtube-watch.js';
import { normalizeWebsite } from '@domain/website.js';
import { buttonClasses } from '@/components/ui/button.js';
import { meetingDateLine } from '@/lib/dates.js';
import { paths } from '@/lib/paths.js';

/** The analysis page of a result, from a city's search to that city's route (spec: /meeting/{id} otherwise). */
function meetingHrefOf(result: SearchResultAnswer, cityScope: string | undefined): string {
  return cityScope && result.city ? paths.cityMeeting.href(result.city.location_key, result.id) : paths.meeting.href(result.id);
}

/** A hit's text with its matched words in <mark>: text nodes only, whatever the transcript holds. */
function Highlighted({ html }: { html: string }) {
  return (
    <>
      {highlightParts(html).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}

/** One meeting found (spec §2 screen 9) with its best moments, each opening the analysis at that second. */
export function ResultCard({ result, cityScope }: { result: SearchResultAnswer; cityScope?: string | undefined }) {
  const title = result.title?.trim() || 'Untitled meeting';
  const date = meetingDateLine(result.title, result.published_at)?.text;
  const meetingHref = meetingHrefOf(result, cityScope);
  const watch = normalizeWebsite(result.video_url) ?? watchUrl(result.video_id);
  return (
    <article className="flex flex-col gap-4 rounded-lg border border-line bg-white p-4 shadow-sm sm:flex-row sm:p-5">
      {result.thumbnail_url ? (
        <img src={result.thumbnail_url} alt="" loading="lazy" className="aspect-video w-full shrink-0 self-start rounded-md bg-paper-muted object-cover sm:w-48" />
      ) : (
        <div aria-hidden="true" className="hidden aspect-video w-48 shrink-0 items-center self-start justify-center rounded-md bg-paper-muted sm:flex">
          <Video className="size-8 text-ink-faint" />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-serif text-lg leading-snug font-semibold break-words text-ink">{title}</h3>
        <p className="text-sm text-ink-muted">
          {[result.city ? `${result.city.name}, ${result.city.state}` : null, date || null, result.channel_title].filter(Boolean).join(' · ')}
        </p>
        {result.description && <p className="line-clamp-3 text-sm leading-relaxed text-ink">{result.description}</p>}
        {result.hits.length > 0 && (
          <ul aria-label="Moments that match" className="grid gap-1.5 border-l-2 border-accent-soft pl-3">
            {result.hits.map((hit) => (
              <li key={hit.start_ms}>
                <Link
                  to={`${meetingHref}?t=${Math.floor(hit.start_ms / 1000)}`}
                  className="group flex gap-2 rounded-md text-sm leading-relaxed text-ink hover:bg-paper-muted"
                >
                  <span className="shrink-0 font-mono text-xs leading-6 font-semibold text-accent tabular-nums group-hover:underline">
                    {formatTimestamp(hit.start_ms)}
                  </span>
                  <span className="min-w-0 break-words">
                    <Highlighted html={hit.highlighted} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-1 flex flex-wrap gap-2">
          <a href={watch} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
            <Video aria-hidden="true" />
            Watch Video
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          {result.city && (
            <Link to={meetingHref} className={buttonClasses('secondary', 'sm')}>
              <FileText aria-hidden="true" />
              View Summary
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
