import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import type { MailMessage, Mailer } from '../../ports/mailer.js';

export interface OutboxMailerOptions {
  /** Folder the .eml files go to (DATA_DIR/outbox by default). */
  dir: string;
  from: string;
  logger: Logger;
}

/** Header values must not carry line breaks (header injection) and stay 7-bit safe. */
function headerValue(value: string): string {
  const single = value.replace(/[\r\n]+/g, ' ').trim();
  // RFC 2047 encoded-word for anything outside printable ASCII.
  return /^[\x20-\x7e]*$/.test(single) ? single : `=?UTF-8?B?${Buffer.from(single, 'utf8').toString('base64')}?=`;
}

/** A field name is printable ASCII without a colon (RFC 5322 §3.6.8); others are dropped. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

function extraHeaders(message: MailMessage): string[] {
  return Object.entries(message.headers ?? {})
    .filter(([name]) => FIELD_NAME.test(name))
    .map(([name, value]) => `${name}: ${headerValue(value)}`);
}

/** A plain RFC 5322 message with an 8-bit UTF-8 body: readable as is in any editor or mail client. */
export function formatEml(message: MailMessage, from: string, date: Date, messageId: string): string {
  const body = message.text.replace(/\r?\n/g, '\r\n');
  return [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${headerValue(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}@town-crier.local>`,
    ...extraHeaders(message),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
    '',
  ].join('\r\n');
}

/**
 * Without SMTP, mail is written to a folder and a log line says where, so someone running the
 * site locally can read their code or confirmation link. The log line never holds the body.
 */
export function createOutboxMailer({ dir, from, logger }: OutboxMailerOptions): Mailer & { dir: string } {
  return {
    dir,
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const now = new Date();
      const id = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const file = path.join(dir, `${id}.eml`);
      // 0600: the files hold sign-in codes.
      await fs.writeFile(file, formatEml(message, from, now, id), { mode: 0o600 });
      logger.info({ file, subject: message.subject }, 'email written to the outbox (no SMTP_URL set)');
    },
  };
}
