/** Outgoing email (sign-up confirmations, one-time codes, alerts). Adapters: SMTP, or an outbox folder. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text only: the messages are short and must read well in any client. */
  text: string;
  /**
   * Extra header fields, such as List-Unsubscribe (RFC 8058) on alert emails. Adapters write
   * them after the standard fields, each value on one line.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
