import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../core/domain/decisions.js';
import { parseChoice, parseTally } from '../options.js';
import {
  buildDecisionEdit,
  buildStoryEdit,
  decisionEditUsageProblem,
  parseStoryEditFile,
  storyEditUsageProblem,
  type EditableFields,
} from './story-input.js';

const CURRENT: EditableFields = {
  headline: 'Council passes budget',
  lede: 'The council passed the budget.',
  body: 'Second paragraph.\n\nThird paragraph.',
  quick_facts: ['Vote: 5-0'],
  background: 'The budget was introduced in May.',
  quote_block: { quote: 'We balanced it', attribution: 'Mayor Ruiz', context: 'Before the vote' },
  next_meeting_date: 'June 3',
  follow_up_needed: true,
};

describe('buildStoryEdit', () => {
  it('changes only the fields named, keeping the rest as they are', () => {
    expect(buildStoryEdit(CURRENT, { headline: 'New headline', fact: ['One', 'Two'], followUp: false })).toEqual({
      ...CURRENT,
      headline: 'New headline',
      quick_facts: ['One', 'Two'],
      follow_up_needed: false,
    });
    expect(buildStoryEdit(CURRENT, { nextMeeting: ' ' }).next_meeting_date).toBeNull();
    expect(buildStoryEdit(CURRENT, { correctionNote: 'Fixed the date.' }).correction_note).toBe('Fixed the date.');
  });

  it('gives a new quote its own speaker and context, changes the attribution alone, or removes the quote', () => {
    expect(buildStoryEdit(CURRENT, { quote: 'Other words', attribution: 'Clerk' }).quote_block).toEqual({ quote: 'Other words', attribution: 'Clerk', context: '' });
    expect(buildStoryEdit(CURRENT, { attribution: 'Mayor Elena Ruiz' }).quote_block).toEqual({ ...CURRENT.quote_block, attribution: 'Mayor Elena Ruiz' });
    expect(buildStoryEdit(CURRENT, { quote: false }).quote_block).toBeNull();
    expect(() => buildStoryEdit({ ...CURRENT, quote_block: null }, { attribution: 'Clerk' })).toThrow(/has no quote to change/);
  });

  it('takes a --from file over the current story and the flags over the file; the version is the caller\'s', () => {
    const file = parseStoryEditFile(JSON.stringify({ version: 'abc', headline: 'From the file', lede: 'File lede', correction_note: 'Note' }), 'story.json');
    const edit = buildStoryEdit(CURRENT, { headline: 'From the flag' }, file);
    expect(edit).toEqual({ ...CURRENT, headline: 'From the flag', lede: 'File lede', correction_note: 'Note' });
    expect(edit).not.toHaveProperty('version');
  });
});

describe('parseStoryEditFile', () => {
  it('names the file and the first bad field', () => {
    expect(() => parseStoryEditFile('{', 'story.json')).toThrow('story.json is not JSON');
    expect(() => parseStoryEditFile('{"headline": ""}', 'story.json')).toThrow('story.json: headline: A headline is required.');
    expect(() => parseStoryEditFile('{"title": "x"}', 'story.json')).toThrow(/story.json: Unrecognized key: "title"/);
    expect(parseStoryEditFile('{"quote_block": null}', 'story.json')).toEqual({ quote_block: null });
  });
});

describe('storyEditUsageProblem', () => {
  it('wants a change, a speaker for a new quote, and one source for the body', () => {
    expect(storyEditUsageProblem({})).toMatch(/^nothing to change/);
    expect(storyEditUsageProblem({ quote: 'Words' })).toBe('--quote needs --attribution <name>: who said it');
    expect(storyEditUsageProblem({ quote: false, attribution: 'X' })).toMatch(/--no-quote removes the quote/);
    expect(storyEditUsageProblem({ body: 'x', bodyFile: 'body.txt' })).toBe('give --body or --body-file, not both');
    expect(storyEditUsageProblem({ followUp: false })).toBeNull();
    expect(storyEditUsageProblem({ from: 'story.json' })).toBeNull();
  });
});

const DECISION: Decision = {
  item: 'the budget',
  item_number: 'Item 4',
  motion: null,
  outcome: 'passed',
  tally: { yes: 5, no: 0, abstain: null, absent: null },
  vote_kind: 'voice',
  mover: null,
  seconder: null,
  evidence: [{ text: 'The motion carries.', start_ms: 1000 }],
};

describe('buildDecisionEdit', () => {
  it('keeps what is not named, clears item and number with "", and takes a null tally or vote kind', () => {
    expect(buildDecisionEdit(DECISION, 1, { outcome: 'failed' })).toEqual({
      index: 1,
      item: 'the budget',
      item_number: 'Item 4',
      outcome: 'failed',
      tally: DECISION.tally,
      vote_kind: 'voice',
    });
    expect(buildDecisionEdit(DECISION, 0, { item: '', itemNumber: ' ', tally: null, voteKind: null, correctionNote: 'Fixed.' })).toMatchObject({
      item: null,
      item_number: null,
      tally: null,
      vote_kind: null,
      correction_note: 'Fixed.',
    });
    expect(decisionEditUsageProblem({})).toMatch(/^nothing to change/);
    expect(decisionEditUsageProblem({ tally: null })).toBeNull();
  });
});

describe('--tally and choice flags', () => {
  it('reads yes-no[-abstain[-absent]] or none, and refuses anything else', () => {
    expect(parseTally('5-4')).toEqual({ yes: 5, no: 4, abstain: null, absent: null });
    expect(parseTally('5-3-1-0')).toEqual({ yes: 5, no: 3, abstain: 1, absent: 0 });
    expect(parseTally('None')).toBeNull();
    for (const bad of ['5', '5-4-1-0-2', 'five-four', '5:4']) expect(() => parseTally(bad)).toThrow(InvalidArgumentError);
  });

  it('reads a word in any case, dashes for underscores, and none only where allowed', () => {
    const voteKind = parseChoice(['roll_call', 'voice'] as const, { none: true });
    expect(voteKind('Roll-Call')).toBe('roll_call');
    expect(voteKind('none')).toBeNull();
    expect(() => parseChoice(['passed', 'failed'] as const)('none')).toThrow('expected one of passed, failed');
  });
});
