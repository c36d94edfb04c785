import { describe, expect, it } from 'vitest';
import type { Revision } from '@domain/newsroom.js';
import { changedFieldsText, revisionAuthor, revisionTitle } from './revision-words.js';

const revision = (overrides: Partial<Revision>): Revision => ({
  id: 'r1',
  created_at: '2026-03-02T10:00:00.000Z',
  author: 'ed@example.org',
  action: 'edited',
  target: 'published',
  changed: [],
  correction_note: null,
  ...overrides,
});

describe('the history in words', () => {
  it('says what happened to what', () => {
    expect(revisionTitle(revision({}))).toBe('Edited: published story');
    expect(revisionTitle(revision({ target: 'decisions' }))).toBe('Edited: decisions');
    expect(revisionTitle(revision({ action: 'approved' }))).toBe('Approved and published the draft');
    expect(revisionTitle(revision({ action: 'generated', target: 'draft', author: null }))).toBe('First version: draft');
    expect(revisionTitle(revision({ action: 'corrected' }))).toBe('Correction note added: published story');
  });

  it('names changed fields as the editor labels them, decisions counted from 1', () => {
    expect(changedFieldsText(['headline', 'quick_facts', 'quote_block'])).toBe('headline, Quick Facts, quote');
    expect(changedFieldsText(['decisions[1].outcome', 'decisions[1].tally'])).toBe('decision 2 outcome, decision 2 tally');
  });

  it('says the machine wrote a first version', () => {
    expect(revisionAuthor(revision({ action: 'generated', author: null }))).toBe('written by the machine');
    expect(revisionAuthor(revision({ author: null }))).toBe('a former account');
  });
});
