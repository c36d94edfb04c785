import nlp from 'compromise';
import datesPlugin, { type DatesMethods } from 'compromise-dates';

// The plugin mutates compromise's shared instance; doing it in one module keeps it to once.
nlp.plugin(datesPlugin);

export type DatesDoc = ReturnType<typeof nlp> & DatesMethods;

/** A tagged compromise document with the dates plugin's methods. */
export function parseNlp(text: string): DatesDoc {
  return nlp<DatesMethods>(text);
}
