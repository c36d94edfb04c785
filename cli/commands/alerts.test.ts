import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { addAnalysedMeeting, addMember, keepingMailer } from '../../core/testing/alert-meetings.js';
import { buildCity } from '../../core/testing/builders.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { describeAlertsSent, sendAlerts } from './alerts.js';

describe('civic alerts send', () => {
  let core: Core | undefined;
  afterEach(async () => {
    await core?.close();
  });

  it('mails immediate alerts and due digests once, and says so; a second run sends nothing', async () => {
    const mailer = keepingMailer();
    core = await createTestCore('pglite', { mailer });
    const city = await buildCity(testDb(core));
    const member = await addMember(testDb(core));
    await core.alerts.save(member.id, { query: 'footbridge' });
    await core.alerts.save(member.id, { query: 'ferry', frequency: 'weekly' });
    await addAnalysedMeeting(testDb(core), city.id, { says: [[1, 'The footbridge and the ferry.']] });
    const first = await sendAlerts(core);
    expect(describeAlertsSent(first)).toBe(
      'Scanned 1 newly analysed meeting: 1 alert email sent, 1 match kept for digests.\nDigests: 1 email sent listing 1 meeting.',
    );
    expect(mailer.sent).toHaveLength(2);
    const second = await sendAlerts(core);
    expect(second).toMatchObject({ published: { scanned: 0, emailed: 0 }, digests: { emailed: 0 } });
    expect(mailer.sent).toHaveLength(2);
  });
});
