import { describe, expect, it } from 'vitest';
import { decisionFormSchema } from './decision-form.js';

describe("the newsroom's decision form", () => {
  const form = { item: 'Bridge', item_number: '', outcome: 'passed', counted: true, yes: '4', no: '1', abstain: '', absent: '', vote_kind: '', correction_note: '' };
  const problems = (input: object) => decisionFormSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('asks for yes and no when the meeting gave a count, and whole votes in every count, each under its field', () => {
    expect(problems(form)).toBeUndefined();
    expect(problems({ ...form, yes: ' ', absent: '1.5' })).toEqual([
      ['yes', 'Give the number of yes votes, or choose no count.'],
      ['absent', 'The number of absent votes must be a whole number.'],
    ]);
  });

  it('asks nothing of the counts when the meeting gave none', () => {
    expect(problems({ ...form, counted: false, yes: '', no: 'x' })).toBeUndefined();
  });
});
