import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../index.js';
import { ALERT_EMAILS_PER_DAY } from '../domain/alerts.js';
import { buildCity } from '../testing/builders.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { addAnalysedMeeting, addMember, keepingMailer } from '../testing/alert-meetings.js';

describe.each(TEST_ENGINES)('alerts (%s)', (engine) => {
  let core: Core | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
  });

  async function setup() {
    const mailer = keepingMailer();
    core = await createTestCore(engine, { mailer });
    const city = await buildCity(testDb(core), { name: 'Riverton', state: 'OR', location_key: `riverton-${Math.random().toString(36).slice(2, 8)}` });
    const member = await addMember(testDb(core));
    return { core, mailer, city, member };
  }

  it('mails one email per alert per meeting, with the sentence marked, a link to its second and one-click unsubscribe headers', async () => {
    const { core, mailer, city, member } = await setup();
    const alert = await core.alerts.save(member.id, { query: 'footbridge', cities: [city.location_key] });
    const meeting = await addAnalysedMeeting(testDb(core), city.id, { title: 'Council, March 3', says: [[5, 'Roll call.'], [754, 'The footbridge over Mill Creek is closed.']] });
    const report = await core.alerts.publishNewMeetings();
    expect(report).toMatchObject({ scanned: 1, emailed: 1 });
    expect(mailer.sent).toHaveLength(1);
    const [email] = mailer.sent;
    expect(email!.to).toBe(member.email);
    expect(email!.text).toContain('The *footbridge* over Mill Creek is closed.');
    expect(email!.text).toContain(`/city/${city.location_key}/meeting/${meeting.id}?t=754`);
    expect(email!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(email!.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/alerts\/unsubscribe\/[\w-]{43}>$/);
    expect(email!.text).toMatch(/\/alerts\/unsubscribe\/[\w-]{43}/);
    expect(alert.paused).toBe(false);

    expect(await core.alerts.publishNewMeetings()).toMatchObject({ scanned: 0, emailed: 0 });
    expect(mailer.sent).toHaveLength(1);
  });

  it('never mails twice for a meeting when two senders run at once, even past the watermark', async () => {
    const { core, mailer, city, member } = await setup();
    await core.alerts.save(member.id, { query: 'footbridge' });
    await addAnalysedMeeting(testDb(core), city.id, { says: [[10, 'A footbridge.']] });
    await Promise.all([core.alerts.publishNewMeetings(), core.alerts.publishNewMeetings(), core.alerts.publishNewMeetings()]);
    // A retry that forgot it scanned: the claim still holds.
    await testDb(core).deleteFrom('alert_scans').execute();
    await testDb(core).deleteFrom('alert_watermark').execute();
    await core.alerts.publishNewMeetings();
    expect(mailer.sent).toHaveLength(1);
  });

  it('stays silent for meetings analysed before the alert was saved, other cities, paused alerts and non-public cities', async () => {
    const { core, mailer, city, member } = await setup();
    await addAnalysedMeeting(testDb(core), city.id, { says: [[1, 'The footbridge, old news.']] });
    const other = await buildCity(testDb(core));
    const hidden = await buildCity(testDb(core), { status: 'Test' });
    await core.alerts.save(member.id, { query: 'footbridge', cities: [city.location_key] });
    const everywhere = await core.alerts.save(member.id, { query: 'footbridge' });
    await core.alerts.save(member.id, { query: 'footbridge' }).then((paused) => core.alerts.update(member.id, paused.id, { paused: true }));
    await addAnalysedMeeting(testDb(core), other.id, { says: [[1, 'Another footbridge.']] });
    await addAnalysedMeeting(testDb(core), hidden.id, { says: [[1, 'A secret footbridge.']] });
    await core.alerts.publishNewMeetings();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain('Another *footbridge*');
    expect(mailer.sent[0]!.text).toContain(everywhere.query);
    expect(mailer.sent.map((m) => m.text).join()).not.toContain('secret');
  });

  it('matches decisions by their item and evidence, and shows the published story, never a draft', async () => {
    const { core, mailer, city, member } = await setup();
    await core.alerts.save(member.id, { query: 'crosswalk' });
    await addAnalysedMeeting(testDb(core), city.id, {
      says: [[30, 'Next item.']],
      decisions: [{ item: 'crosswalk on Elm Street', item_number: '7', motion: null, outcome: 'passed', tally: null, vote_kind: null, mover: null, seconder: null, evidence: [{ text: 'The motion carries.', start_ms: 95_000 }] }],
      news_story: 'Published: the council approved a new crossing.',
      story_generated_at: new Date(),
      draft_story: 'DRAFT-ONLY headline about crosswalks',
    });
    await core.alerts.publishNewMeetings();
    expect(mailer.sent).toHaveLength(1);
    const text = mailer.sent[0]!.text;
    expect(text).toContain('Decision: [1:35] *crosswalk* on Elm Street … The motion carries.');
    expect(text).toContain('?t=95');
    expect(text).toContain('/meeting-story/');
    expect(text).not.toContain('DRAFT-ONLY');
  });

  it('caps a member at ALERT_EMAILS_PER_DAY emails in 24 hours', async () => {
    const { core, mailer, city, member } = await setup();
    await core.alerts.save(member.id, { query: 'footbridge' });
    for (let i = 0; i <= ALERT_EMAILS_PER_DAY; i += 1) await addAnalysedMeeting(testDb(core), city.id, { says: [[i, `footbridge number ${i}`]] });
    const report = await core.alerts.publishNewMeetings();
    expect(mailer.sent).toHaveLength(ALERT_EMAILS_PER_DAY);
    expect(report).toMatchObject({ emailed: ALERT_EMAILS_PER_DAY, capped: 1 });
  });

  it('keeps digest matches for one email listing every meeting, sent once however often the command runs', async () => {
    const { core, mailer, city, member } = await setup();
    await core.alerts.save(member.id, { query: 'footbridge', frequency: 'daily' });
    await addAnalysedMeeting(testDb(core), city.id, { title: 'First meeting', says: [[1, 'footbridge one']] });
    await addAnalysedMeeting(testDb(core), city.id, { title: 'Second meeting', says: [[2, 'footbridge two']] });
    expect(await core.alerts.publishNewMeetings()).toMatchObject({ queued: 2, emailed: 0 });
    expect(mailer.sent).toHaveLength(0);
    const [first, second] = await Promise.all([core.alerts.sendDigests(), core.alerts.sendDigests()]);
    expect(first!.emailed + second!.emailed).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.subject).toBe('"footbridge" came up in 2 meetings');
    expect(mailer.sent[0]!.text).toContain('First meeting');
    expect(mailer.sent[0]!.text).toContain('Second meeting');
    expect(mailer.sent[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // A new match the same day waits for tomorrow's digest.
    await addAnalysedMeeting(testDb(core), city.id, { says: [[3, 'footbridge three']] });
    await core.alerts.publishNewMeetings();
    expect(await core.alerts.sendDigests()).toMatchObject({ emailed: 0 });
    expect(mailer.sent).toHaveLength(1);
  });

  it('skips the history analysed before the oldest saved search, and does nothing without saved searches', async () => {
    const { core, mailer, city, member } = await setup();
    await addAnalysedMeeting(testDb(core), city.id, { says: [[1, 'footbridge, long ago']] });
    expect(await core.alerts.publishNewMeetings()).toMatchObject({ scanned: 0 });
    await core.alerts.save(member.id, { query: 'footbridge' });
    expect(await core.alerts.publishNewMeetings()).toMatchObject({ scanned: 0 });
    await addAnalysedMeeting(testDb(core), city.id, { says: [[2, 'footbridge, today']] });
    expect(await core.alerts.publishNewMeetings()).toMatchObject({ scanned: 1, emailed: 1 });
    expect(mailer.sent[0]!.text).toContain('today');
  });

  it('deletes a member\'s saved searches with the account', async () => {
    const { core, member } = await setup();
    await core.alerts.save(member.id, { query: 'footbridge' });
    await core.profiles.deleteAccount(member.id);
    expect(await testDb(core).selectFrom('saved_searches').selectAll().execute()).toEqual([]);
    expect(await testDb(core).selectFrom('saved_search_terms').selectAll().execute()).toEqual([]);
  });
});
