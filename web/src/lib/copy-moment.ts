import { formatTimestamp } from '@domain/transcript.js';
import { toastError, toastSuccess } from './toast.js';
import { momentUrl } from './playback.js';

/** Copies a link that opens this page at the second (`?t=`), and says so. */
export async function copyMomentLink(pathname: string, seconds: number): Promise<void> {
  const url = momentUrl(pathname, seconds);
  try {
    await navigator.clipboard.writeText(url);
    toastSuccess('Link copied', `${formatTimestamp(seconds * 1000)}: ${url}`);
  } catch {
    // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
    toastError('Could not copy the link', url);
  }
}
