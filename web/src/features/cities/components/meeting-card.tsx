import ExternalLink from 'lucide-react/icons/external-link';
import FileText from 'lucide-react/icons/file-text';
import Newspaper from 'lucide-react/icons/newspaper';
import Video from 'lucide-react/icons/video';
import { Link } from '@/lib/router/index.js';
import type { CityVideoCard } from '@domain/city.js';
import { normalizeWebsite } from '@domain/website.js';
import { watchUrl } from '@domain/youtube-watch.js';
import { buttonClasses } from '@/components/ui/button.js';
import { meetingDateLine } from '@/lib/dates.js';
import { paths } from '@/lib/paths.js';

/** Spec §9: a summary preview is 100 characters. */
const SUMMARY_PREVIEW = 100;

/** At most 100 characters, cut at a word boundary when there is one in the second half. */
export function summaryPreview(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= SUMMARY_PREVIEW) return trimmed;
  const cut = trimmed.slice(0, SUMMARY_PREVIEW);
  const space = cut.lastIndexOf(' ');
  const words = space >= SUMMARY_PREVIEW / 2 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s,;:.-]+$/, '')}…`;
}

/** Only http(s) links leave the site; a stored address of another kind falls back to the platform's watch page. */
export function watchLinkOf(video: Pick<CityVideoCard, 'video_url' | 'video_id'>): string {
  return normalizeWebsite(video.video_url) ?? watchUrl(video.video_id);
}

/** One meeting on a city page: out to the video, to its story and to its analysis (spec §2 screen 6). */
export function MeetingCard({ video, locationKey }: { video: CityVideoCard; locationKey: string }) {
  const title = video.title?.trim() || 'Untitled meeting';
  const date = meetingDateLine(video.title, video.published_at);
  return (
    <article className="flex flex-col gap-4 rounded-lg border border-line bg-white p-4 shadow-sm sm:flex-row sm:p-5">
      {video.thumbnail_url && (
        <img
          src={video.thumbnail_url}
          alt=""
          loading="lazy"
          className="aspect-video w-full shrink-0 rounded-md bg-paper-muted object-cover sm:w-48"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-serif text-lg leading-snug font-semibold break-words text-ink">{title}</h3>
        <p className="text-sm text-ink-muted">
          {date && <time dateTime={date.dateTime}>{date.text}</time>}
          {date && video.channel_title && <span aria-hidden="true"> · </span>}
          {video.channel_title}
        </p>
        {video.summary && <p className="text-sm leading-relaxed text-ink">{summaryPreview(video.summary)}</p>}
        <div className="mt-1 flex flex-wrap gap-2">
          <a href={watchLinkOf(video)} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
            <Video aria-hidden="true" />
            Watch Video
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <Link to={paths.cityMeetingStory.href(locationKey, video.id)} className={buttonClasses('secondary', 'sm')}>
            <Newspaper aria-hidden="true" />
            View Story
          </Link>
          <Link to={paths.cityMeeting.href(locationKey, video.id)} className={buttonClasses('secondary', 'sm')}>
            <FileText aria-hidden="true" />
            Analysis
          </Link>
        </div>
      </div>
    </article>
  );
}
