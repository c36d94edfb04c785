import nlp from 'compromise';
import datesPlugin, { type DatesMethods } from 'compromise-dates';

// The plugin mutates compromise's shared instance; doing it in one module keeps it to once.
nlp.plugin(datesPlugin);

export type DatesDoc = ReturnType<typeof nlp> & DatesMethods;

/** A tagged compromise document with the dates plugin's methods. */
export function parseNlp(text: string): DatesDoc {
  return nlp<DatesMethods>(text);
}

/*
 * Word-level lookups in compromise's model, without tagging a document (which costs about
 * a millisecond per sentence): the lexicon says "erika" is a FemaleName and "seattle" a City,
 * and the verb transforms conjugate "approve" or un-conjugate "ordering". Both are public
 * (`nlp.model()`, `nlp.methods()`) but typed as `object`, hence the defensive reads.
 */
type Lexicon = Record<string, string | string[] | undefined>;
interface VerbForms {
  Infinitive?: string;
  PastTense?: string;
  PresentTense?: string;
}
interface VerbTransforms {
  toInfinitive?: (word: string, model: object, tag: string) => string;
  conjugate?: (word: string, model: object) => VerbForms;
}

const model = nlp.model() as { one?: { lexicon?: Lexicon } };
const lexicon: Lexicon = model.one?.lexicon ?? {};
const verbs: VerbTransforms =
  (nlp.methods() as { two?: { transform?: { verb?: VerbTransforms } } }).two?.transform?.verb ?? {};

/** The lexicon's tags for a lowercase word or phrase ("san diego"); empty when unknown. */
export function lexiconTags(word: string): readonly string[] {
  const tags = lexicon[word];
  return tags === undefined ? [] : typeof tags === 'string' ? [tags] : tags;
}

/** "ordering" -> "order", "regulating" -> "regulate". */
export function infinitiveOf(gerund: string): string {
  const lower = gerund.toLowerCase();
  try {
    const result = verbs.toInfinitive?.(lower, model, 'Gerund');
    if (result) return result;
  } catch {
    // Fall through to the plain rule.
  }
  return lower.replace(/ing$/, '');
}

function forms(verb: string): VerbForms {
  try {
    return verbs.conjugate?.(verb.toLowerCase(), model) ?? {};
  } catch {
    return {};
  }
}

/** "approve" -> "approves", "deny" -> "denies". */
export function presentTense(verb: string): string {
  const lower = verb.toLowerCase();
  return forms(lower).PresentTense ?? (/(?:s|sh|ch|x|z)$/.test(lower) ? `${lower}es` : `${lower}s`);
}
