import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router/index.js';
import type { MeetingVideo } from '@domain/meeting.js';
import { meetingDateLine } from '@/lib/dates.js';
import { paths } from '@/lib/paths.js';

/** Spec §2 screen 10: back to the meeting's city ('Back to {city}'), or home ('Back to Home') without one. */
function BackLink({ video }: { video: MeetingVideo }) {
  const to = video.city ? paths.city.href(video.city.location_key) : paths.home.href();
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {video.city ? `Back to ${video.city.name}` : 'Back to Home'}
    </Link>
  );
}

export const meetingTitle = (video: MeetingVideo) => video.title?.trim() || 'Untitled meeting';

/**
 * Title, city, date and channel of a meeting, with the page's actions beside them. With
 * `heading` (the story page's 'News Story') that is the h1 and the meeting's title follows it.
 */
export function MeetingHeader({ video, heading, actions }: { video: MeetingVideo; heading?: string; actions?: ReactNode }) {
  const date = meetingDateLine(video.title, video.published_at);
  const facts = [video.city ? `${video.city.name}, ${video.city.state}` : null, date?.text ?? null, video.channel_title].filter(Boolean);
  return (
    <header className="grid gap-4">
      <BackLink video={video} />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          {heading ? (
            <>
              <h1 className="font-serif text-3xl leading-tight font-bold text-ink sm:text-4xl">{heading}</h1>
              <p className="mt-1 text-lg font-medium break-words text-ink">{meetingTitle(video)}</p>
            </>
          ) : (
            <h1 className="font-serif text-2xl leading-tight font-bold break-words text-ink sm:text-3xl">{meetingTitle(video)}</h1>
          )}
          <p className="mt-2 text-sm text-ink-muted">
            {facts.map((fact, index) => (
              <span key={index}>
                {index > 0 && <span aria-hidden="true"> · </span>}
                {date && fact === date.text ? <time dateTime={date.dateTime}>{fact}</time> : fact}
              </span>
            ))}
          </p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}

export function VideoNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="font-serif text-3xl font-bold text-ink">Video Not Found</h1>
      <p className="mt-3 text-ink-muted">The video you're looking for doesn't exist.</p>
      <Link to={paths.home.href()} className="mt-8 font-medium text-accent hover:underline">
        Back to Home
      </Link>
    </div>
  );
}
