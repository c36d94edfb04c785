import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { buildPng } from '../../core/testing/tiny-png.js';
import { createTestApp, signInForHeaders, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, snapshotTables, type ResourceFixtures } from '../testing/resource-fixtures.js';

const TEN_MB = 10 * 1024 * 1024;

describe.each(TEST_ENGINES)('business image uploads on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let admin: TestAgent;
  let visitor: TestAgent;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await seedResources(t.core);
    admin = await t.adminAgent();
    visitor = await t.signedOutAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts a real PNG, names it by spec §5, records it, sets it on the listing and serves it with a long cache', async () => {
    const listing = f.listings.find((l) => l.name === 'Zeta Hardware');
    const png = buildPng(3, 2);
    const res = await admin.post('/api/admin/uploads/business-images').field('business_id', listing?.id ?? '').attach('file', png, 'Shop Front.PNG').expect(201);
    const key = (res.body as { key: string }).key;
    expect(key).toMatch(/^zeta-hardware-\d{13}\.png$/);
    expect(res.body).toEqual({ url: `/api/storage/business-images/${key}`, key, content_type: 'image/png', size_bytes: png.length });

    const row = await t.db.selectFrom('business_listings').select('image_url').where('id', '=', listing?.id ?? '').executeTakeFirstOrThrow();
    expect(row.image_url).toBe(res.body.url);
    const upload = await t.db.selectFrom('uploads').selectAll().where('object_key', '=', key).executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ content_type: 'image/png', size_bytes: png.length, business_id: listing?.id, uploaded_by: admin.user?.id, original_name: 'Shop Front.PNG' });

    const served = await visitor.get(res.body.url).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    await visitor.get(res.body.url).set('If-None-Match', served.headers.etag ?? '').expect(304);

    // The listing shows it to visitors.
    const detail = await visitor.get(`/api/businesses/${listing?.business_key}`).expect(200);
    expect(detail.body.image_url).toBe(res.body.url);
  });

  it('refuses a text file named .png: 415 "Invalid file type" / "Please select an image file"', async () => {
    const before = await snapshotTables(t.core);
    const res = await admin.post('/api/admin/uploads/business-images').field('business_id', f.listings[0]?.id ?? '').attach('file', Buffer.from('I am plain text, honest.\n'), { filename: 'photo.png', contentType: 'image/png' }).expect(415);
    expect(res.body).toEqual({ error: { code: 'UNSUPPORTED_MEDIA', message: 'Invalid file type', description: 'Please select an image file' } });
    expect(await snapshotTables(t.core)).toBe(before);
  });

  it('refuses more than 10 MB: 413 "File too large" / "Please select an image smaller than 10MB"', async () => {
    const before = await snapshotTables(t.core);
    const big = Buffer.concat([buildPng(), Buffer.alloc(TEN_MB + 1 - buildPng().length)]);
    expect(big.length).toBe(TEN_MB + 1);
    const res = await admin.post('/api/admin/uploads/business-images').attach('file', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'File too large', description: 'Please select an image smaller than 10MB' } });
    expect(await snapshotTables(t.core)).toBe(before);
  });

  it('accepts exactly 10 MB', async () => {
    const png = buildPng();
    const exact = Buffer.concat([png, Buffer.alloc(TEN_MB - png.length)]);
    await admin.post('/api/admin/uploads/business-images').attach('file', exact, 'exact.png').expect(201);
  });

  it('a client that disconnects mid-upload leaves nothing behind, and the next upload works', async () => {
    const user = await t.createUser({ admin: true });
    const { cookie, csrfToken } = await signInForHeaders(t.app, user);
    const before = await snapshotTables(t.core);
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    let received = 0;
    server.on('request', () => (received += 1));
    try {
      const { port } = server.address() as AddressInfo;
      const head = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
      const request = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/admin/uploads/business-images',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': 100_000, Cookie: cookie, 'X-CSRF-Token': csrfToken },
      });
      request.on('error', () => undefined);
      request.write(Buffer.concat([Buffer.from(head), buildPng()]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      server.closeAllConnections();
      server.close();
    }
    expect(received).toBe(1);
    expect(await snapshotTables(t.core)).toBe(before);
    await admin.post('/api/admin/uploads/business-images').attach('file', buildPng(), 'a.png').expect(201);
  });

  it('serves only recorded objects of the images bucket', async () => {
    await visitor.get('/api/storage/business-images/nothing-here.png').expect(404);
    await visitor.get('/api/storage/other-bucket/x.png').expect(400);
    await visitor.get('/api/storage/business-images/..%2F..%2Fetc%2Fpasswd').expect(400);
  });
});
