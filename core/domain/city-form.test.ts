import { describe, expect, it } from 'vitest';
import { cityFieldsSchema, cityFormSchema } from './city-form.js';

describe('the admin city form (spec §5: name and county are required)', () => {
  const form = { name: 'Cedar', county: 'Larch', state: 'CA', description: '', story_review: false };
  const problems = (input: unknown) => cityFormSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('refuses a name or county that is blank after trimming, under that field', () => {
    expect(problems({ ...form, name: '  ' })).toEqual([['name', 'Name and county are required']]);
    expect(problems({ ...form, county: ' \t' })).toEqual([['county', 'Name and county are required']]);
    expect(problems(form)).toBeUndefined();
  });

  it('lets an update leave the name and county out (the PATCH body), but keeps the lengths', () => {
    expect(cityFieldsSchema.safeParse({ story_review: true }).success).toBe(true);
    expect(cityFieldsSchema.safeParse({ tag_line: null }).success).toBe(true);
    expect(cityFieldsSchema.safeParse({ primary_color: '#3B82F6AA' }).error?.issues[0]?.message).toBe('At most 7 characters');
  });
});
