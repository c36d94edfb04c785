/** Outgoing email (sign-up confirmations, one-time codes). Adapters: SMTP, or an outbox folder. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text only: the messages are short and must read well in any client. */
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
