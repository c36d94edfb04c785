import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../logger.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** Just enough of an SMTP server on 127.0.0.1 to accept messages and keep what it was sent. */
function startFakeSmtp() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffered = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else {
            data += `${line}\n`;
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

describe('SMTP mailer', () => {
  const fake = startFakeSmtp();
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    port = (fake.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('sends through the server in SMTP_URL', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Town Crier <no-reply@localhost>', logger: createSilentLogger() });
    await mailer.send({ to: 'ada@example.org', subject: 'Your code', text: 'Your code is: 123456' });
    await mailer.send({ to: 'grace@example.org', subject: 'Again', text: 'Second message' });
    expect(fake.received).toHaveLength(2);
    expect(fake.received[0]).toMatch(/^To: ada@example\.org$/m);
    expect(fake.received[0]).toContain('Your code is: 123456');
    expect(fake.received[1]).toMatch(/^Subject: Again$/m);
  });

  it('passes extra headers (List-Unsubscribe) to the server', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Town Crier <no-reply@localhost>', logger: createSilentLogger() });
    await mailer.send({ to: 'ada@example.org', subject: 'Alert', text: 'x', headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    expect(fake.received.at(-1)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('reports a server it cannot reach as UPSTREAM, without the transport message', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const unused = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${unused}`, from: 'Town Crier <no-reply@localhost>', logger: createSilentLogger() });
    await expect(mailer.send({ to: 'ada@example.org', subject: 'x', text: 'y' })).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: 'The email could not be sent',
    });
  });
});
