/** The words of caption and transcript lines: markup, entities, turn marks and speaker labels. */
import { decodeCharacterReferences } from '../character-references.js';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—',
  ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
};

export function decodeEntities(text: string): string {
  // YouTube's classic caption XML arrives double-encoded ("&amp;#39;").
  return decodeCharacterReferences(text.replace(/&amp;(?=#?[a-z0-9]+;)/gi, '&'), NAMED_ENTITIES);
}

/** Caption text without markup: tags and {\an8} overrides gone, entities decoded, spaces collapsed. */
export function stripMarkup(raw: string): string {
  return decodeEntities(raw.replace(/<[^>]*>/g, '').replace(/\{\\[^}]*\}/g, '')).replace(/\s+/g, ' ').trim();
}

// ">>" is the broadcast captioner's speaker-change mark, sometimes followed by "NAME:".
export const TURN_MARK = /^(?:>>\s*)+/;

/** Markup-free caption text without the ">>" speaker-change mark. */
export function cleanCaption(raw: string): string {
  return stripMarkup(raw).replace(TURN_MARK, '');
}

// "Mayor Lee: ..." or "SPEAKER 2: ...": up to 5 words, each capitalised or a number, so that a
// sentence with a colon ("We agreed on this: ...") is not taken for a name.
const LABEL_WORD = String.raw`[\p{Lu}\p{N}][\p{L}\p{N}.'’-]*`;
export const SPEAKER_LABEL = new RegExp(String.raw`^(${LABEL_WORD}(?: ${LABEL_WORD}){0,4}):\s+(\S.*)$`, 'u');

/** A line's own "Name:" label, or the speaker carried over from the lines before. */
export function splitSpeaker(text: string, fallback: string | null): { speaker: string | null; text: string } {
  const match = SPEAKER_LABEL.exec(text);
  return match ? { speaker: match[1] ?? null, text: match[2] ?? '' } : { speaker: fallback, text };
}
