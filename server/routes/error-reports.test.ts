import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORT_BAD_EMAIL, ERROR_REPORT_BAD_MOMENT, ERROR_REPORT_MESSAGE_REQUIRED } from '../../core/domain/error-reports.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe.each(TEST_ENGINES)('error reports over HTTP on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { submissions: 3 } } });
    f = await seedResources(t.core);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a report without the CSRF token, stores nothing', async () => {
    const visitor = await t.signedOutAgent();
    const res = await visitor.agent.post(`/api/videos/${f.video.id}/error-reports`).send({ message: 'Wrong vote count' }).expect(403);
    expect(res.body.error.code).toBe('CSRF_INVALID');
    expect(await t.db.selectFrom('error_reports').select('id').execute()).toEqual([]);
  });

  it("answers 400 with the reason, 404 for an unknown video, and 201 for a good report; then limits the client", async () => {
    const visitor = await t.signedOutAgent();
    const path = `/api/videos/${f.video.video_id}/error-reports`;
    const reasons = [
      [{ message: ' ' }, ERROR_REPORT_MESSAGE_REQUIRED],
      [{ message: 'x'.repeat(2001) }, 'Please keep it under 2000 characters.'],
      [{ message: 'Wrong', moment: 'later' }, ERROR_REPORT_BAD_MOMENT],
      [{ message: 'Wrong', email: 'ana' }, ERROR_REPORT_BAD_EMAIL],
    ] as const;
    for (const [body, reason] of reasons) {
      const res = await visitor.post(path).send(body).expect(400);
      expect(res.body.error).toMatchObject({ code: 'BAD_INPUT', message: reason });
    }
    const unknown = await visitor.post('/api/videos/nosuchvideo/error-reports').send({ message: 'Wrong' }).expect(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');

    // Refused reports (400 and 404) do not count against the limit of 3: fixing a typo costs nothing.
    await visitor.post(path).send({ message: 'The vote was 4-1', moment: '1:02:03', email: 'ana@example.org' }).expect(201);
    await visitor.post(path).send({ message: 'Second', moment: '', email: '' }).expect(201);
    await visitor.post(path).send({ message: 'Third' }).expect(201);
    const limited = await visitor.post(path).send({ message: 'Fourth' }).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const rows = await t.db.selectFrom('error_reports').select(['city_video_id', 'message', 'moment_ms', 'email']).orderBy('created_at').execute();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ city_video_id: f.video.id, message: 'The vote was 4-1', moment_ms: 3_723_000, email: 'ana@example.org' });
  });

  it('lets an admin list open reports oldest first and resolve one; members and visitors may not', async () => {
    const admin = await t.adminAgent();
    const member = await t.memberAgent();
    const visitor = await t.signedOutAgent();
    await visitor.get('/api/admin/error-reports').expect(401);
    await member.get('/api/admin/error-reports').expect(403);

    const list = await admin.get('/api/admin/error-reports').expect(200);
    expect(list.body).toHaveLength(3);
    const [first] = list.body as { id: string; message: string; video: { id: string; city_slug: string } }[];
    expect(first).toMatchObject({ message: 'The vote was 4-1', moment_ms: 3_723_000, video: { id: f.video.id, video_id: f.video.video_id, city_slug: f.fairview.location_key } });

    const resolvePath = `/api/admin/error-reports/${first?.id}/resolve`;
    await member.post(resolvePath).expect(403);
    const resolved = await admin.post(resolvePath).expect(200);
    expect(resolved.body).toMatchObject({ id: first?.id, resolved_at: expect.any(String) });
    expect((await admin.get('/api/admin/error-reports').expect(200)).body).toHaveLength(2);
    await admin.post('/api/admin/error-reports/00000000-0000-4000-8000-000000000000/resolve').expect(404);
    await admin.post('/api/admin/error-reports/not-an-id/resolve').expect(400);
  });
});
