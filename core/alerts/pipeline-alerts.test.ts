import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../index.js';
import { addMember, keepingMailer } from '../testing/alert-meetings.js';
import { createTestCore, testDb } from '../testing/test-core.js';

describe('alerts after a pipeline run', () => {
  let core: Core | undefined;
  afterEach(async () => {
    await core?.close();
  });

  it("mails a saved search's alert when the run finishes the meeting that says it, without any other call", async () => {
    const mailer = keepingMailer();
    core = await createTestCore('pglite', { mailer });
    await core.databaseAdmin.seedDemo();
    const member = await addMember(testDb(core));
    await core.alerts.save(member.id, { query: 'footbridge', cities: ['riverton-or'] });
    await core.pipeline.ingest({ cityKey: 'riverton-or' });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toMatch(/\*footbridge\*/i);
    expect(mailer.sent[0]!.text).toMatch(/\/city\/riverton-or\/meeting\/[^?\s]+\?t=\d+/);
    // Run again: the meeting was already told about.
    await core.pipeline.ingest({ cityKey: 'riverton-or', force: true });
    expect(mailer.sent).toHaveLength(1);
  });

  it('mails it when a visitor has a meeting analysed from its page, not at the next scan', async () => {
    const mailer = keepingMailer();
    core = await createTestCore('pglite', { mailer });
    await core.databaseAdmin.seedDemo();
    await core.pipeline.ingest({ cityKey: 'riverton-or', stages: ['discover', 'transcript'] });
    const member = await addMember(testDb(core));
    await core.alerts.save(member.id, { query: 'footbridge', cities: ['riverton-or'] });
    const video = await testDb(core).selectFrom('city_videos').select('id').where('transcript', 'like', '%footbridge%').executeTakeFirstOrThrow();
    await core.functions.analyzeVideoTranscript({ recordId: video.id });
    await core.alerts.settle();
    expect(mailer.sent).toHaveLength(1);
  });
});
