/** Entity handling for the XML and HTML YouTube sends (Atom feeds, caption tracks). */
import { decodeCharacterReferences } from '../../domain/character-references.js';

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
};

/** Decodes the XML entities, numeric references and the few HTML names captions use; unknown ones stay as written. */
export function decodeXmlEntities(text: string): string {
  return decodeCharacterReferences(text, NAMED);
}

/** Text content of an element: CDATA kept verbatim, everything else entity-decoded. */
export function xmlText(raw: string): string {
  const parts = raw.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/);
  return parts
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeXmlEntities(part)))
    .join('');
}
