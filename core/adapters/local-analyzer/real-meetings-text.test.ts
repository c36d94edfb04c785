/** Issue 12's rules on real meetings' excerpts: sentences, quotes, casing, topics, entities and the notes a story carries. Citations (KNOX, CAPS, GSR, COMM, BEER, BOS): real-meetings.test.ts. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscriptFile } from '../../domain/transcript-formats.js';
import { meetingSegments as segments } from '../../testing/meeting-segments.js';
import { realFixtures } from '../../testing/real-fixtures.js';
import { analyzeTranscript } from './analyze.js';
import { recaseCaptions } from './caption-case.js';
import { buildMeetingModel } from './meeting-model.js';
import { splitSentences } from './sentences.js';
import { findTopics } from './story-parts.js';
import { attributed } from './story-voices.js';
import { writeStory } from './story.js';

const now = new Date('2026-01-15T12:00:00Z');
const REAL = realFixtures();

describe('topics are things talked about', () => {
  it('takes no adjective nor the host city for a topic (CDP v4 clip: "select and present discussed", "centered on … seattle")', () => {
    const sentences = splitSentences(
      segments([
        'We have a select committee on homelessness and the present arena plan in Seattle.',
        'The select group will present the arena lease to Seattle.',
        'Seattle residents asked about the arena and homelessness; the present schedule is select.',
      ]),
    );
    const topics = findTopics(sentences);
    expect(topics).toContain('arena');
    for (const word of ['select', 'present', 'seattle']) expect(topics).not.toContain(word);
  });
});

describe('sentences and quotes', () => {
  it('does not end a sentence at U.S. or I.T. (CAPS: "Mass violations by U.S. police …")', () => {
    const sentences = splitSentences(segments(['Mass violations by U.S. police a black lives matter protesters.', 'The U.S. is ranked 45Th in the world in terms of press freedom.']));
    expect(sentences.map((s) => s.text)).toEqual(['Mass violations by U.S. police a black lives matter protesters.', 'The U.S. is ranked 45Th in the world in terms of press freedom.']);
  });

  it('keeps a sentence going across segments after an abbreviation, and ends it before a new one (COMM 31.5 s)', () => {
    const sentences = splitSentences(segments(["I'm joined by council members to want and O'Brien and it is 9:39 a.m.", 'On our agenda.']));
    expect(sentences.map((s) => s.text)).toEqual(["I'm joined by council members to want and O'Brien and it is 9:39 a.m.", 'On our agenda.']);
    const joined = splitSentences(segments(['We thank the folks in our I.T.', 'department for the remote meeting.']));
    expect(joined.map((s) => s.text)).toEqual(['We thank the folks in our I.T. department for the remote meeting.']);
  });

  it('never starts a quote where a run-on was cut at the word limit (CDP v4 clip 80 s: "… they played at | HECKED a couple of days ago …")', () => {
    const runOn = Array.from({ length: 90 }, (_, i) => `word${i}`).join(' ');
    const cut = splitSentences(segments([`${runOn}.`, 'A new sentence starts here today.']));
    expect(cut.map((sentence) => [sentence.text.split(' ')[0], sentence.opens])).toEqual([['word0', true], ['word40', false], ['word80', false], ['A', true]]);
    if (!REAL) return;
    const file = 'cdp_v4_seattle_briefing_transcript_clip.json';
    const parsed = parseTranscriptFile(readFileSync(path.join(REAL, file), 'utf8'), { filename: file });
    const input = { segments: parsed.segments, title: 'Council Briefing 2019-07-22', now, cityName: 'Seattle', timed: parsed.timed };
    const analysis = analyzeTranscript(input);
    const story = writeStory({ analysis, ...input });
    const model = buildMeetingModel(input.segments, input.title);
    const begunMidRun = model.sentences.filter((sentence) => !sentence.opens).map((sentence) => sentence.text.slice(0, 30));
    expect(begunMidRun.length).toBeGreaterThan(0);
    const quoted = [story.sidebar_elements.quote_block?.quote ?? '', story.article.body, ...analysis.highlights.flatMap((h) => h.quotes.map((q) => q.text))].join(' ');
    expect(quoted).not.toMatch(/[“"]HECKED/);
    for (const start of begunMidRun) expect(quoted).not.toContain(`“${start}`);
  });

  it('keeps the abbreviation\'s period in an attributed quote ("… U.S.," not "… U.S,")', () => {
    expect(attributed('Federal agents are using tear gas across the U.S.', 'a speaker')).toBe('“Federal agents are using tear gas across the U.S.,” a speaker said.');
  });
});

describe('an untimed transcript (KNOX, a Markdown table read as plain text)', () => {
  const lines = [
    "Good evening. I'll call this meeting to order. This is Knoxville City Council on Tuesday, July 3rd, 2018.",
    'Is there a motion to approve the minutes of June 19th? So moved. We have a motion and a second.',
    'All in favor say aye. Aye. Any opposed? The minutes are approved.',
    '11A is a resolution honoring the memory of Lynn Redman and to express council\'s condolences to his family upon the occasion of his passing.',
    'Lynn spoke passionately on behalf of his beloved Norwood neighborhood, and he worked for safer streets and better parks for all of his neighbors.',
    'We have a motion and a second. All in favor, say aye. Any opposed? The ayes have it and so ordered.',
    'Item 11B is a resolution authorizing the mayor to execute an agreement with the Volunteer Ministry Center for $110,000 in general funds.',
    'Move to approve. We have a motion and a second. All in favor, say aye. Any opposed? The ayes have it and so ordered.',
  ];
  const input = { segments: segments(lines), title: 'City Council R 265 180703', now, timed: false, cityName: 'Knoxville' };
  const analysis = analyzeTranscript(input);
  const story = writeStory({ analysis, segments: input.segments, title: input.title, cityName: 'Knoxville', now, timed: false });

  it('gives no timestamps and no meeting length', () => {
    for (const highlight of analysis.highlights) expect([highlight.timestamp, highlight.start_ms]).toEqual(['', null]);
    for (const item of analysis.action_items) expect(item.start_ms).toBeNull();
    expect(analysis.summary).not.toMatch(/\d:\d\d/);
    const text = [story.article.body, story.sidebar_elements.background, ...story.sidebar_elements.quick_facts, story.sidebar_elements.quote_block?.context ?? ''].join(' ');
    expect(text).not.toMatch(/\bminutes? (?:into|long)|\d+-minute|Meeting length|Said at|\d+ seconds?\b/);
  });

  it('names the host city and states transitions only when true', () => {
    expect(analysis.entities).toContainEqual(expect.objectContaining({ name: 'Knoxville', type: 'place' }));
    expect(story.article.body).not.toMatch(/Another speaker said/);
    expect(story.article.headline).toMatch(/^Knoxville council (?:adopts|approves|passes) /);
  });
});

describe('a transcript published as a Markdown table (KNOX rows 0:02:13-0:02:25)', () => {
  it('reads only the spoken cell, so the decision and headline carry no markup', () => {
    const rows = [
      '## [City Council R 265 180703](https://archive.org/details/CityCouncilR265180703)',
      '| Time| Transcript| Video|',
      '|---------|---------|---------|',
      '| 0:02:13| Thank you. All are present so we have a quorum. Is there a motion to approve the minutes of June 19th?| [source video](https://archive.org/details/CityCouncilR265180703?start=133)|',
      '| 0:02:20| So moved. We have a motion and a second. All in favor say aye. Aye.| [source video](https://archive.org/details/CityCouncilR265180703?start=140)|',
      '| 0:02:25| Any opposed? The minutes are approved. Are there any items to be withdrawn? Items for postponement?| [source video](https://archive.org/details/CityCouncilR265180703?start=145)|',
    ];
    const analysis = analyzeTranscript({ segments: segments(rows), now, timed: false });
    expect(analysis.summary).toMatch(/^Decided: Routine business only \(one item approved\)\./);
    expect(analysis.summary).not.toMatch(/[|[\]]/);
  });
});

describe('caption capitals are shown in sentence case', () => {
  // CAPS 4423-4466 s and 4638 s, in capitals as broadcast captions deliver them.
  const lines = [
    'I MADE DEFER TO COUNCILMEMBER HERBOLD.',
    'COUNCILMEMBER HERBOLD, PLEASE.',
    "WELL, THANK YOU. I JUST WANTED TO LIFT UP ANOTHER IMPORTANT ELEMENT RELATED TO THE WEST SEATTLE BRIDGE OF OUR BUDGET ACTIONS TODAY.",
    "AGENDA ITEM 10, COUNCIL BILL 119825 AN ORDINANCE RELATED TO THE CITY'S RESPONSE TO THE 2020 COVID-19 CRISIS, AMENDING ORDINANCE 126000.",
    'THANK YOU, COUNCILMEMBER HERBOLD.',
  ];

  it('keeps the names the transcript marks, places, acronyms and sentence starts, and lowers the rest', () => {
    expect(recaseCaptions(lines, 'City Council 8/10/2020')).toEqual([
      'I made defer to Councilmember Herbold.',
      'Councilmember Herbold, please.',
      'Well, thank you. I just wanted to lift up another important element related to the west Seattle bridge of our budget actions today.',
      "Agenda item 10, council bill 119825 an ordinance related to the city's response to the 2020 COVID-19 crisis, amending ordinance 126000.",
      'Thank you, Councilmember Herbold.',
    ]);
  });

  it('leaves a transcript in ordinary case alone', () => {
    const ordinary = ['The U.S. is ranked 45Th in the world in terms of press freedom.', 'Thank you, Councilmember Herbold.'];
    expect(recaseCaptions(ordinary)).toEqual(ordinary);
  });

  it('writes no capitals run into the story, and its quotes keep their words (CAPS 4423-4638 s)', () => {
    const input = { segments: segments(lines, 4423), title: 'City Council 8/10/2020', now, cityName: 'Seattle' };
    const analysis = analyzeTranscript(input);
    const story = writeStory({ analysis, ...input });
    const prose = [story.article.headline, story.article.body, analysis.summary, ...analysis.highlights.map((h) => h.point_of_interest)].join(' ');
    expect(prose).not.toMatch(/\b[A-Z]{2,}(?:\s+[A-Z]{2,}){2,}\b/);
    const spoken = lines.join(' ').toLowerCase();
    for (const quote of analysis.highlights.flatMap((h) => h.quotes)) expect(spoken).toContain(quote.text.toLowerCase().replace(/[.…]+$/, ''));
  });
});

describe('when the analyzer says less, it notes why', () => {
  const notesFor = (lines: readonly string[], timed = true) => {
    const input = { segments: segments(lines, 4080), title: 'City Council 8/10/2020', now, timed };
    return writeStory({ analysis: analyzeTranscript(input), ...input }).metadata.uncertainty_notes.join(' ');
  };

  it('notes a count with no outcome words, and a result with no count (CAPS 423 s, 4105 s)', () => {
    const notes = notesFor(['Will the clerk please call the role on the adoption of the resolution.', '8 in favor, none opposed.', 'We will move on to public comment now, thank you all.']);
    expect(notes).toMatch(/1 vote was counted with no outcome words said near the count \(at 1:08:05\)/);
    expect(notesFor(['Hearing no objection.', 'The resolution is adopted and the chair will sign it.'])).toMatch(/1 result was stated without a count/);
  });

  it('notes a motion no vote followed, and an untimed transcript, without times (GSR 8779 s)', () => {
    const notes = notesFor(['So I will move to adopt resolution 3 1962.', 'Is there a second?', 'Second.'], false);
    expect(notes).toMatch(/1 motion was made with no vote result heard after it; no outcome is claimed/);
    expect(notes).toMatch(/no times, so no moments, times or meeting length are given/);
  });

  it('notes caption capitals shown in sentence case (CAPS 4429 s)', () => {
    expect(notesFor(['COUNCILMEMBER HERBOLD, PLEASE.', 'THANK YOU, COUNCILMEMBER HERBOLD.'])).toMatch(/captions were in capitals/);
  });
});

describe('entities are whole and real', () => {
  it('drops greetings riding on a name and amounts cut from a larger one (CAPS: "Councilmember Sawant Thank you …")', () => {
    const analysis = analyzeTranscript({
      segments: segments([
        'Councilmember Sawant Thank you as I mentioned earlier today I will be voting yes on this resolution.',
        'HANK YOU, MADAM PRESIDENT.',
        'The contract with Eagle CDI, INC is for $21,167, 444 in total this year.',
      ]),
      now,
    });
    const names = analysis.entities.map((e) => e.name);
    expect(names).not.toContain('Sawant Thank');
    expect(names).not.toContain('HANK YOU');
    expect(names).not.toContain('INC');
    expect(names).not.toContain('$444');
  });
});
