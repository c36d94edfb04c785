import { describe, expect, it } from 'vitest';
import { extractEntities } from './entities.js';
import { findNames } from './names.js';
import { splitSentences } from './sentences.js';
import { buildMeetingModel } from './meeting-model.js';
import { speakerMap } from './speakers.js';

describe('findNames', () => {
  it('types names by title, suffix and lexicon, and skips common words', () => {
    const names = findNames('Thank you, Ms. Patel. Drivers use Halloway Street near Lincoln Elementary downtown, said Erika Pablo of Seattle.', new Set());
    expect(names.map((n) => [n.name, n.type])).toEqual([
      ['Patel', 'person'],
      ['Halloway Street', 'place'],
      ['Lincoln Elementary', 'organization'],
      ['Erika Pablo', 'person'],
      ['Seattle', 'place'],
    ]);
  });

  it('reads an address and splits two names joined by "and"', () => {
    expect(findNames('The site at 410 Main Street sits between Birch Street and Fourth Street.', new Set()).map((n) => n.name)).toEqual([
      '410 Main Street',
      'Birch Street',
      'Fourth Street',
    ]);
  });
});

describe('names typed from their own words', () => {
  const typed = (text: string) => findNames(text, new Set()).map((n) => `${n.name}:${n.type}${n.title ? `:${n.title}` : ''}`);

  it('keeps a titled person whole before "and", and a person\'s name after "and" apart', () => {
    expect(typed('Councilmember Lewis and Jefferson Middle School.')).toEqual(['Lewis:person:Councilmember', 'Jefferson Middle School:organization']);
    expect(typed('Emerald Youth and Mary Smith spoke.')).toEqual(['Emerald Youth:organization', 'Mary Smith:person']);
  });

  it('types a school, a parish or a body by its last word, never as a person', () => {
    expect(typed('The kids at Sarah Smith Elementary School sang at St. Anthony Parish.')).toEqual(['Sarah Smith Elementary School:organization', 'St Anthony Parish:organization']);
  });

  it('takes a city or state for a place only with the words of a place before it (Seattle 2020-08-10; Boston 2022-05-25)', () => {
    expect(typed('I live in West Seattle near Portland Oregon.')).toEqual(['West Seattle:place', 'Portland Oregon:place']);
    expect(typed('We thank King County Equity Now and Decriminalize Seattle.')).toEqual([]);
    expect(typed('In Nevada Texas and today.')).toEqual(['Nevada:place', 'Texas:place']);
  });

  it('gives each person called by a plural office the office ("Commissioners Carringer, Gill …", KNOX 0:07:50)', () => {
    expect(typed('I congratulate Commissioners Carringer, Gill and Nystrom.')[0]).toBe('Carringer:person:Commissioner');
    expect(typed('Thank you, Father Bob Carr.')).toEqual(['Bob Carr:person:Father']);
  });
});

describe('extractEntities', () => {
  it('merges short forms into the longest name and drops lone fragments', () => {
    const segments = [
      ['Resident Meera Patel', 'My name is Meera Patel and I teach at Lincoln Elementary on Cedar Avenue.'],
      ['Mayor Elena Ruiz', 'Thank you, Ms. Patel. The principal at Lincoln will hear from Brightline.'],
      ['Colin Grant, Brightline Homes', 'Brightline Homes has met the neighbors downtown three times.'],
    ].map(([speaker, text], i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker: speaker ?? null, text: text ?? '' }));
    const sentences = splitSentences(segments);
    const entities = extractEntities({ sentences, speakers: speakerMap(sentences.map((s) => s.speaker)) });
    const names = entities.map((e) => `${e.name}:${e.type}`);
    expect(names).toEqual(expect.arrayContaining(['Meera Patel:person', 'Lincoln Elementary:organization', 'Brightline Homes:organization', 'Cedar Avenue:place', 'Colin Grant:person']));
    for (const gone of ['Patel', 'Ms. Patel', 'Lincoln', 'Brightline', 'Avenue', 'downtown']) expect(entities.map((e) => e.name)).not.toContain(gone);
    expect(entities.find((e) => e.name === 'Meera Patel')?.context).toContain('Meera Patel');
  });
});

describe('people who spoke', () => {
  const unlabelled = (lines: readonly string[]) => lines.map((text, i) => ({ start_ms: i * 2000, end_ms: i * 2000 + 1500, speaker: null, text }));
  const people = (lines: readonly string[]) => {
    const model = buildMeetingModel(unlabelled(lines));
    return extractEntities({ sentences: model.sentences, speakers: model.speakers }).filter((e) => e.type === 'person').map((e) => e.name);
  };

  it('lists a member who answered the roll call with their office, and a speaker who introduced themselves', () => {
    expect(people(['Councilman Fugate.', 'Here.', "It's Jacqueline Babin, B-A-B-I-N, 1445 Francis Station Drive."])).toEqual(
      expect.arrayContaining(['Councilman Fugate', 'Jacqueline Babin']),
    );
  });

  it('makes room for everyone who spoke before people only mentioned (beer board: a roll call, then eight applicants)', () => {
    const members = ['Fugate', 'Parker', 'Ryder', 'Roberto', 'Singh', 'Smith', 'Testerman', 'Thomas'];
    const applicants = ['Vijay Bansur', 'Jacqueline Babin', 'Holly Hambright', 'Savannah Carter', 'Edward Bailey', 'Will Cheek', 'Daniel Wilson', 'Eric Ramos'];
    const mentioned = ['Alice Wong', 'Brian Lee', 'Carla Diaz', 'David Kim', 'Emma Stone', 'Frank Ortiz'].flatMap((name) => [`We thank ${name}.`, `${name} helped.`]);
    const lines = [...members.flatMap((name) => [`Councilman ${name}.`, 'Here.']), ...applicants.map((name) => `My name is ${name}, and I live on Elm Street.`), ...mentioned];
    const names = people(lines);
    for (const name of [...members.map((member) => `Councilman ${member}`), ...applicants]) expect(names).toContain(name);
    expect(names.length).toBeLessThanOrEqual(20);
  });
});

describe('a person only with evidence', () => {
  const people = (lines: readonly string[]) => {
    const model = buildMeetingModel(lines.map((text, i) => ({ start_ms: i * 2000, end_ms: i * 2000 + 1500, speaker: null, text })));
    return extractEntities({ sentences: model.sentences, speakers: model.speakers }).filter((e) => e.type === 'person').map((e) => e.name);
  };

  it('lists no first name said alone, however often (committee 2019-06-25: "Tiffany", "Jeff")', () => {
    expect(people(['Jeff mentioned the checkpoints.', 'As Jeff said, we count contacts.', 'Tiffany will present.', 'Thank you, Tiffany.'])).toEqual([]);
  });

  it('lists no ordinary word after an office ("as the council member describe")', () => {
    const names = people(['There are checkpoints as the Council Member Describe that we could discuss.', 'Let me describe the report.', 'I will describe the numbers.', 'Councilmember Herbold asked.']);
    expect(names).toEqual(['Councilmember Herbold']);
  });
});

describe('a speaker is never a place', () => {
  it('keeps a speaker whose name is also a city a person (a labelled "Chair Dallas", "Denver Lee")', () => {
    const segments = [
      ['Chair Dallas', 'We will hear from Denver next. Thank you, Dallas, said the clerk.'],
      ['Denver Lee', 'Dallas asked about the bus stops near Denver Lee Park. Dallas and Denver spoke.'],
    ].map(([speaker, text], i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker: speaker ?? null, text: text ?? '' }));
    const sentences = splitSentences(segments);
    const entities = extractEntities({ sentences, speakers: speakerMap(sentences.map((s) => s.speaker)) });
    expect(entities.filter((e) => e.type === 'place').map((e) => e.name)).not.toEqual(expect.arrayContaining(['Dallas']));
    expect(entities.filter((e) => e.type === 'place').map((e) => e.name)).not.toContain('Denver');
    expect(entities.filter((e) => e.type === 'person').map((e) => e.name)).toEqual(expect.arrayContaining(['Denver Lee']));
  });
});
