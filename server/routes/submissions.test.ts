import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe.each(TEST_ENGINES)('visitor form limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { app: { rateLimits: { submissions: 2 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits contact messages and city requests per client, each form on its own count; refused forms do not count', async () => {
    const visitor = await t.signedOutAgent();
    const message = { email: 'spam@example.org', topic: 'Feedback', message: 'Buy now' };
    await visitor.post('/api/contact').send({ ...message, topic: 'Nope' }).expect(400);
    await visitor.post('/api/contact').send(message).expect(201);
    await visitor.post('/api/contact').send(message).expect(201);
    const limited = await visitor.post('/api/contact').send(message).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    // Another visitor from the same address is the same client.
    const other = await t.signedOutAgent();
    await other.post('/api/contact').send(message).expect(429);

    const request = { state: 'Ohio', city_name: 'Dayton', email: 'spam@example.org' };
    await visitor.post('/api/city-requests').send(request).expect(201);
    await visitor.post('/api/city-requests').send(request).expect(201);
    await visitor.post('/api/city-requests').send(request).expect(429);
    expect(await t.db.selectFrom('contact_submissions').select('id').execute()).toHaveLength(2);
    expect(await t.db.selectFrom('city_request').select('id').execute()).toHaveLength(2);
  });
});
