import Download from 'lucide-react/icons/download';
import { exportPaths } from '@domain/exports.js';

interface DownloadLink {
  href: string;
  label: string;
  detail: string;
}

/**
 * The meeting's records as files (issue 27): the transcript for caption tools and reading, the
 * analysis and decisions for data work. Plain links: the browser saves what the API attaches.
 */
export function MeetingDownloads({ videoId, hasTranscript, hasAnalysis }: { videoId: string; hasTranscript: boolean; hasAnalysis: boolean }) {
  const links: DownloadLink[] = [
    ...(hasTranscript
      ? [
          { href: exportPaths.transcript(videoId, 'txt'), label: 'Transcript', detail: 'text' },
          { href: exportPaths.transcript(videoId, 'vtt'), label: 'Captions', detail: 'WebVTT' },
          { href: exportPaths.transcript(videoId, 'srt'), label: 'Captions', detail: 'SRT' },
        ]
      : []),
    ...(hasAnalysis ? [{ href: exportPaths.analysis(videoId), label: 'Analysis and decisions', detail: 'JSON' }] : []),
  ];
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="downloads" className="rounded-lg border border-line bg-white p-6 shadow-sm">
      <h2 id="downloads" className="font-serif text-xl font-semibold text-ink">
        Download
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-3 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} download className="inline-flex items-center gap-1.5 text-accent hover:underline">
              <Download aria-hidden="true" className="size-4" />
              {link.label} <span className="text-ink-muted">({link.detail})</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
