import { describe, expect, it } from 'vitest';
import { readCityChanges, readNewCity } from './city-input.js';
import { stateName, toStateCode } from '../domain/us-states.js';
import { NAME_AND_COUNTY_REQUIRED } from '../domain/messages.js';

describe('toStateCode', () => {
  it('takes a 2-letter code or a full name of the 50 states, in any case', () => {
    expect(toStateCode('ca')).toBe('CA');
    expect(toStateCode(' California ')).toBe('CA');
    expect(toStateCode('new  york')).toBe('NY');
    expect(toStateCode('WY')).toBe('WY');
    expect(stateName('or')).toBe('Oregon');
  });

  it('refuses anything else, including DC and the territories', () => {
    for (const value of ['', 'ZZ', 'Calif', 'DC', 'District of Columbia', 'PR', 'Puerto Rico']) expect(toStateCode(value)).toBeNull();
  });
});

describe('readNewCity', () => {
  it('trims, defaults state CA and status New, and keys the city by name and state', () => {
    expect(readNewCity({ name: '  Fairview ', county: ' Alder County ' })).toEqual({
      name: 'Fairview',
      county: 'Alder County',
      state: 'CA',
      location_key: 'fairview-ca',
      status: 'New',
    });
  });

  it('stores a state name as its code and builds the key from the code', () => {
    expect(readNewCity({ name: 'Cedar Hollow', county: 'Larch', state: 'washington' })).toMatchObject({ state: 'WA', location_key: 'cedar-hollow-wa' });
  });

  it.each([
    [{ name: '', county: 'Alder' }],
    [{ name: 'Fairview', county: '   ' }],
    [{ county: 'Alder' }],
    [{ name: 'Fairview' }],
  ])('requires non-blank name and county (spec §5): %j', (input) => {
    expect(() => readNewCity(input)).toThrow(NAME_AND_COUNTY_REQUIRED);
  });

  it('checks the optional fields', () => {
    const base = { name: 'Fairview', county: 'Alder' };
    expect(() => readNewCity({ ...base, state: 'Atlantis' })).toThrow(/Unknown state "Atlantis"/);
    expect(() => readNewCity({ ...base, status: 'Published' })).toThrow(/one of New, Test, Live, Archive/);
    expect(() => readNewCity({ ...base, primaryColor: 'blue' })).toThrow(/#RRGGBB/);
    expect(() => readNewCity({ ...base, key: 'Fair View' })).toThrow(/Invalid location key/);
    expect(() => readNewCity({ ...base, imageUrl: 'javascript:alert(1)' })).toThrow(/http\(s\)/);
    expect(() => readNewCity({ name: '東京', county: 'X' })).toThrow(/give one explicitly/);
  });

  it('normalises what it accepts', () => {
    const city = readNewCity({
      name: 'Fairview',
      county: 'Alder',
      key: 'fairview',
      status: 'live',
      primaryColor: '#1f6f5c',
      tagLine: '  Foothill town ',
      description: '   ',
      imageUrl: 'https://example.org/banner.jpg',
    });
    expect(city).toMatchObject({
      location_key: 'fairview',
      status: 'Live',
      primary_color: '#1F6F5C',
      tag_line: 'Foothill town',
      description: null,
      image_url: 'https://example.org/banner.jpg',
    });
  });
});

describe('readCityChanges', () => {
  it('keeps only the fields given; an empty optional field clears it', () => {
    expect(readCityChanges({ status: 'Archive', tagLine: '' })).toEqual({ status: 'Archive', tag_line: null });
    expect(readCityChanges({ state: 'Oregon', key: 'riverton-or' })).toEqual({ state: 'OR', location_key: 'riverton-or' });
  });

  it('refuses a blank name or county and an empty change', () => {
    expect(() => readCityChanges({ name: ' ' })).toThrow(NAME_AND_COUNTY_REQUIRED);
    expect(() => readCityChanges({})).toThrow('Nothing to update');
  });
});
