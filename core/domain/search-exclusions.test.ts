import { describe, expect, it } from 'vitest';
import { splitExclusions } from './search-exclusions.js';

describe('splitExclusions', () => {
  it('leaves a query without exclusions exactly as it is', () => {
    for (const q of ['library', '  library  budget ', '"capital budget" or parks', 'pre-budget', 'library,-budget', 'library –budget']) {
      expect(splitExclusions(q)).toEqual({ wanted: q, excluded: null });
    }
  });

  it('takes out -words and -"phrases" wherever they stand', () => {
    expect(splitExclusions('library -budget')).toEqual({ wanted: 'library', excluded: 'budget' });
    expect(splitExclusions('-budget library')).toEqual({ wanted: 'library', excluded: 'budget' });
    expect(splitExclusions('library -"capital budget" hours')).toEqual({ wanted: 'library hours', excluded: '"capital budget"' });
    expect(splitExclusions('library -budget -"tax levy"')).toEqual({ wanted: 'library', excluded: 'budget or "tax levy"' });
    expect(splitExclusions('"library hours" -budget')).toEqual({ wanted: '"library hours"', excluded: 'budget' });
  });

  it('reads dashes where websearch_to_tsquery reads "not", and only there', () => {
    expect(splitExclusions('library - budget')).toEqual({ wanted: 'library', excluded: 'budget' });
    expect(splitExclusions('library --budget')).toEqual({ wanted: 'library', excluded: 'budget' });
    expect(splitExclusions('library (-budget)')).toEqual({ wanted: 'library (', excluded: 'budget)' });
    // Inside a quoted phrase or a word a dash is a character.
    expect(splitExclusions('"capital -budget" -tax')).toEqual({ wanted: '"capital -budget"', excluded: 'tax' });
    expect(splitExclusions('pre-budget -tax')).toEqual({ wanted: 'pre-budget', excluded: 'tax' });
  });

  it('closes an unclosed excluded phrase, so the next term stays apart', () => {
    expect(splitExclusions('-"capital budget')).toEqual({ wanted: '', excluded: '"capital budget"' });
    expect(splitExclusions('-"capital budget -tax')).toEqual({ wanted: '', excluded: '"capital budget -tax"' });
  });

  it('leaves no dangling or, and nothing wanted for a query of exclusions alone', () => {
    expect(splitExclusions('library or -budget')).toEqual({ wanted: 'library', excluded: 'budget' });
    expect(splitExclusions('-budget or library')).toEqual({ wanted: 'library', excluded: 'budget' });
    expect(splitExclusions('library or -budget or parks')).toEqual({ wanted: 'library or parks', excluded: 'budget' });
    expect(splitExclusions('-budget')).toEqual({ wanted: '', excluded: 'budget' });
    expect(splitExclusions('library -')).toEqual({ wanted: 'library -', excluded: null });
  });
});
