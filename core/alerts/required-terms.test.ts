import { describe, expect, it } from 'vitest';
import { requiredTerms } from './required-terms.js';

describe('requiredTerms', () => {
  it('takes a single word', () => {
    expect(requiredTerms("'footbridg'")).toEqual(['footbridg']);
  });

  it('takes the rarer-looking side of an AND or a phrase', () => {
    expect(requiredTerms("'bus' & 'footbridg'")).toEqual(['footbridg']);
    expect(requiredTerms("'public' <-> 'comment'")).toEqual(['comment']);
    expect(requiredTerms("'a' <2> 'longer'")).toEqual(['longer']);
  });

  it('needs one of either side of an OR', () => {
    expect(requiredTerms("'zone' | 'variance'")).toEqual(['zone', 'variance']);
    expect(requiredTerms("( 'zone' | 'variance' ) & 'bus'")).toEqual(['bus']);
    expect(requiredTerms("( 'zone' | 'varianc' ) & ( 'a' | 'b' | 'c' )")).toEqual(['zone', 'varianc']);
  });

  it('requires nothing of a negation, so a query of only negations has no terms', () => {
    expect(requiredTerms("!'parking'")).toBeNull();
    expect(requiredTerms("'bridg' & !'parking'")).toEqual(['bridg']);
    expect(requiredTerms("'bridg' | !'parking'")).toBeNull();
    expect(requiredTerms('')).toBeNull();
  });

  it('reads quotes doubled inside a lexeme', () => {
    expect(requiredTerms("'o''neil'")).toEqual(["o'neil"]);
  });
});
