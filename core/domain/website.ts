/*
 * On its own (directory.ts re-exports it): the city, meeting and search pages link a website
 * without the directory's other rules (issue 25's budget for public pages' JavaScript).
 */

/**
 * A website as typed by an owner ("joes.example") made linkable ("https://joes.example").
 * http:// and https:// are kept; other schemes (javascript:, mailto:, ftp:) give null because
 * the value is rendered as an external link. Blank gives null.
 */
export function normalizeWebsite(url: string | null | undefined): string | null {
  const trimmed = url?.trim() ?? '';
  if (!trimmed) return null;
  // "host:8080/path" has a colon too, but a port starts with a digit and a scheme never does.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return trimmed;
  if (scheme) return null;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}
