const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * "March 3, 2026" in the reader's own time zone (a meeting at 7 pm in California is on the
 * 3rd there, not on the 4th of UTC). Empty for a missing or unreadable timestamp.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}
