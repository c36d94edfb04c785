import fs from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The server answers before its mail is written (no timing difference between addresses): wait for it. */
const MAIL_WAIT_MS = 15_000;

async function readOutbox(): Promise<Mail[]> {
  const dir = path.join(inject('e2e').dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const raw = await fs.readFile(path.join(dir, name), 'utf8');
      const [head = '', ...body] = raw.split('\r\n\r\n');
      const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
      return { to: header('To'), subject: header('Subject'), text: body.join('\n\n').replace(/\r\n/g, '\n') };
    }),
  );
}

/** The newest mail to `email` (after `count` earlier ones), waiting for it to be written. */
export async function nextMailTo(email: string, count = 0): Promise<Mail> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const mails = (await readOutbox()).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
    if (mails.length > count) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no new mail to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function mailCount(email: string): Promise<number> {
  return (await readOutbox()).filter((mail) => mail.to.toLowerCase() === email.toLowerCase()).length;
}

/** The auth page's link in a mail: `/auth?confirm=` (sign-up) or `/auth?reset=` (forgotten password). */
function authLinkIn(mail: Mail, param: 'confirm' | 'reset'): string {
  const link = new RegExp(`https?://\\S+/auth\\?${param}=[^\\s>]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no /auth?${param}= link in "${mail.subject}"`);
  return link;
}

export const confirmLinkIn = (mail: Mail): string => authLinkIn(mail, 'confirm');
export const resetLinkIn = (mail: Mail): string => authLinkIn(mail, 'reset');

export function codeIn(mail: Mail): string {
  const code = /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return code;
}
