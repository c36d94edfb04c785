import type { Transporter } from 'nodemailer';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Mailer } from '../../ports/mailer.js';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 or smtps://… */
  url: string;
  from: string;
  logger: Logger;
}

export function createSmtpMailer({ url, from, logger }: SmtpMailerOptions): Mailer {
  // nodemailer is loaded with the first message, not by every command that assembles core.
  let transport: Promise<Transporter> | undefined;
  const loadTransport = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    async send(message) {
      try {
        await (await loadTransport()).sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.headers ? { headers: message.headers } : {}) });
        logger.info({ subject: message.subject }, 'email sent');
      } catch (error) {
        // The transport's message can carry the server's reply; keep it in the cause only.
        throw new AppError('UPSTREAM', 'The email could not be sent', { cause: error });
      }
    },
  };
}
