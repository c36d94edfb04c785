/**
 * The site's display name (SITE_NAME, design.md): read from index.html's
 * `<meta name="application-name">`, which the server may fill from its configuration, so the
 * same build serves any name.
 */
const DEFAULT_SITE_NAME = 'Town Crier';

export function siteName(doc: Document = document): string {
  const value = doc.querySelector('meta[name="application-name"]')?.getAttribute('content')?.trim();
  return value || DEFAULT_SITE_NAME;
}
