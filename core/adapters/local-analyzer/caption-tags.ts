/**
 * Speech-to-text trained on broadcast captions sometimes writes their speaker tags into the
 * words, a courtesy title on one line and a surname in capitals opening the next ("MR." /
 * "MCKINNEY I move to approve", "MS." / "TESTAMENT Yes."). The tags are the model's guesses, not
 * the captioner's: they name the wrong person as often as the right one ("BAILEY I believe we're
 * looking for Mr. Bailey"). They are no speech, so they are taken out of the text, and no one is
 * named from them.
 */
import { isAllCaps } from './caption-case.js';

const TAG_TITLE = /^\s*(?:MR|MRS|MS|DR)\.\s*$/;
/** The tagged surname in capitals, then the words said: "MCKINNEY I move …", "O'BRIEN Yes." */
const TAGGED_LINE = /^\s*\p{Lu}[\p{Lu}'’-]+(?:\s+|$)/u;
/** One pair could be someone's words; tags come over and over. */
const MIN_TAGS = 2;

/** The texts with caption speaker tags taken out (their title lines left empty). */
export function stripSpeakerTags(texts: readonly string[]): string[] {
  // In caption capitals every name is in capitals: "THANK YOU, MR." / "CLARK, PLEASE" is speech.
  if (isAllCaps(texts)) return [...texts];
  const tagged: number[] = [];
  for (let i = 0; i < texts.length - 1; i++) {
    const next = texts[i + 1] ?? '';
    if (TAG_TITLE.test(texts[i] ?? '') && TAGGED_LINE.test(next)) tagged.push(i);
  }
  if (tagged.length < MIN_TAGS) return [...texts];
  const out = [...texts];
  for (const i of tagged) {
    out[i] = '';
    out[i + 1] = (out[i + 1] ?? '').replace(TAGGED_LINE, '');
  }
  return out;
}
