import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../logger.js';
import { createOutboxMailer, formatEml } from './outbox-mailer.js';

describe('outbox mailer', () => {
  it('writes a readable .eml per message', async () => {
    const dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'civic-mail-')), 'outbox');
    try {
      const mailer = createOutboxMailer({ dir, from: 'Town Crier <no-reply@localhost>', logger: createSilentLogger() });
      await mailer.send({ to: 'ada@example.org', subject: 'Your code', text: 'Your code is: 123456\nBye' });
      const files = await fs.readdir(dir);
      expect(files).toHaveLength(1);
      const raw = await fs.readFile(path.join(dir, files[0]!), 'utf8');
      expect(raw).toContain('To: ada@example.org\r\n');
      expect(raw).toContain('Subject: Your code\r\n');
      expect(raw).toContain('\r\n\r\nYour code is: 123456\r\nBye');
    } finally {
      await fs.rm(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it('keeps header values on one line and encodes non-ASCII', () => {
    const raw = formatEml({ to: 'a@b.org\r\nBcc: x@y.org', subject: 'Café', text: 'x' }, 'T <t@l>', new Date(0), 'id');
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toContain('Subject: =?UTF-8?B?');
  });

  it('writes extra headers such as List-Unsubscribe, on one line each, dropping bad field names', () => {
    const raw = formatEml(
      {
        to: 'a@b.org',
        subject: 's',
        text: 'x',
        headers: { 'List-Unsubscribe': '<https://x.org/u/1>\r\nBcc: y@z.org', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Bad: name': 'v' },
      },
      'T <t@l>',
      new Date(0),
      'id',
    );
    expect(raw).toContain('List-Unsubscribe: <https://x.org/u/1> Bcc: y@z.org\r\n');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).not.toContain('Bad: name');
  });
});
