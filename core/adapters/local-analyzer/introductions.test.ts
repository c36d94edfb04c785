import { describe, expect, it } from 'vitest';
import { introductionsIn, selfIntroductions } from './introductions.js';

const names = (text: string) => introductionsIn(text).map((intro) => (intro.office ? `${intro.office} ${intro.name}` : intro.name));

describe('self-introductions in the forms speakers use', () => {
  it('reads "my name is", "this is", "for the record" and a name before an address (beer board 2020-11-17)', () => {
    expect(names('Yes. My name is Eric Ramos and the address is 6701-625-37919.')).toEqual(['Eric Ramos']);
    expect(names('My name is Daniel Wilson representing Carolina Alehouse of Knoxville.')).toEqual(['Daniel Wilson']);
    expect(names('This is Vijay Bansur from Aroma Indian Kitchen.')).toEqual(['Vijay Bansur']);
    expect(names('This is Will Cheek.')).toEqual(['Will Cheek']);
    expect(names('For the record, Jane Doe, 12 Elm Street.')).toEqual(['Jane Doe']);
    expect(names('Oh, Edward Bailey Sr., 2514 Martin Luther King Boulevard.')).toEqual(['Edward Bailey']);
    expect(names('Good evening, Madam Chair, my name is Ann Lee and I live on Birch Street.')).toEqual(['Ann Lee']);
  });

  it('takes a surname spelled out after a name as the surest introduction (beer board 0:09:15, 0:11:44)', () => {
    expect(names("It's Jacqueline Babin, B-A-B-I-N, 1445 Francis Station Drive, Knoxville, 37909.")).toEqual(['Jacqueline Babin']);
    expect(names('Holly Hambright, H-A-M-B-R-I-G-H-T, 1365 Armstrong Avenue, Apartment 1.')).toEqual(['Holly Hambright']);
  });

  it('capitalises a surname speech-to-text wrote in lower case after a first name (COMM 20 s: "My name is Lisa herbold")', () => {
    expect(introductionsIn('My name is Lisa herbold on the chair of the committee.')).toEqual([{ name: 'Lisa Herbold', office: null, opens: true }]);
    expect(names('My name is John calling about the park.')).toEqual([]);
    expect(names('My name is Sean and I live here.')).toEqual([]);
  });

  it('reads a member naming themselves by their office (KNOX 0:09:24)', () => {
    expect(names("I'm Councilman Stare.")).toEqual(['Councilman Stare']);
    expect(names('This is Councilmember Lewis.')).toEqual(['Councilmember Lewis']);
    expect(names('This is Vice Mayor McKenzie, I have a question.')).toEqual(['Vice Mayor McKenzie']);
  });

  it('keeps a name whole across its middle initial in an oath or proclamation', () => {
    expect(names('I, Indya J. Kincannon, mayor of the City of Knoxville, do hereby proclaim.')).toEqual(['Indya J. Kincannon']);
    expect(names('I, Glenn Jacobs, do solemnly swear.')).toEqual(['Glenn Jacobs']);
  });

  it('says whether the introduction opens the sentence, so the sentence is the speaker\'s', () => {
    expect(introductionsIn('My name is Savannah Carter, and it\'s 5227 Clinton Highway.')[0]?.opens).toBe(true);
    expect(introductionsIn('The applicant said my name is Savannah Carter.')[0]?.opens).toBe(false);
  });

  it('credits "this is <name>" to the speaker only when nothing about someone else follows', () => {
    expect(introductionsIn('This is Councilmember Lewis, I have a question.')[0]).toMatchObject({ name: 'Lewis', opens: true });
    expect(introductionsIn('This is Councilmember Lewis, she will present.')).toEqual([]);
    expect(introductionsIn('This is Jane Smith, director of planning.')[0]).toMatchObject({ name: 'Jane Smith', opens: false });
    expect(introductionsIn("I'm Jane Smith, director of planning.")[0]).toMatchObject({ name: 'Jane Smith', opens: true });
  });

  it('names no one from a body, a greeting, an office alone or an ordinary word', () => {
    for (const text of [
      'This is Knoxville City Council on Tuesday, July 3rd, 2018.',
      'This is your Knoxville beer board.',
      'For the record, I believe we have version 4 in front of us.',
      'This is Good Evening.',
      'This is Public Comment.',
      "I'm Happy To, with the numbers.",
      'Thank you, Mr. Johnson.',
    ]) expect(selfIntroductions(text), text).toEqual([]);
  });
});
