import { describe, it, expect } from 'vitest';
import { locationKey, slugify } from './slug.js';

describe('slugify', () => {
  it('lowercases and hyphenates words', () => {
    expect(slugify('City Council Meeting')).toBe('city-council-meeting');
  });

  it('folds accents to ASCII', () => {
    expect(slugify('Café Olé, São Paulo')).toBe('cafe-ole-sao-paulo');
    expect(slugify('Straße Æbleskiver Øst')).toBe('strasse-aebleskiver-ost');
  });

  it('collapses runs of punctuation into one hyphen and trims the edges', () => {
    expect(slugify('  --Joe’s  Bar & Grill!!-- ')).toBe('joe-s-bar-grill');
  });

  it('returns an empty string when nothing alphanumeric is left', () => {
    expect(slugify('¡¿ — !?')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('keeps at most 80 characters and never ends on a hyphen after cutting', () => {
    const slug = slugify(`${'a'.repeat(79)} b c`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
    expect(slugify('word '.repeat(40))).not.toMatch(/-$/);
  });
});

describe('locationKey', () => {
  it('joins the city slug and the lowercase postal code', () => {
    expect(locationKey('Fairview', 'CA')).toBe('fairview-ca');
  });

  it('maps full state names to their postal code', () => {
    expect(locationKey('Fairview', 'California')).toBe('fairview-ca');
    expect(locationKey('San José', 'new mexico')).toBe('san-jose-nm');
    expect(locationKey('Washington', 'District of Columbia')).toBe('washington-dc');
  });

  it('slugs a state it does not know', () => {
    expect(locationKey('Springfield', 'Ontario Province')).toBe('springfield-ontario-province');
  });

  it('leaves out an empty state', () => {
    expect(locationKey('Fairview', '  ')).toBe('fairview');
  });
});
