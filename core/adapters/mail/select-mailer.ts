import path from 'node:path';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { Mailer } from '../../ports/mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/outbox. */
export function createMailer(config: Config, logger: Logger): Mailer {
  const mailLogger = logger.child({ component: 'mail' });
  if (config.mail.smtpUrl) return createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, logger: mailLogger });
  return createOutboxMailer({ dir: path.join(config.dataDir, 'outbox'), from: config.mail.from, logger: mailLogger });
}
