import type { MailMessage } from '../ports/mailer.js';
import { formatUtcMinute } from '../domain/format.js';

/** The web app's auth page opens the link and confirms by POST (a mail scanner's GET changes nothing). */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth?confirm=${encodeURIComponent(token)}`;
}

export function confirmationMail(siteName: string, to: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your ${siteName} account`,
    text: [
      `Welcome to ${siteName}!`,
      '',
      'Confirm your email address by opening this link:',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email:',
      'the account is not created and the password is not set unless the link is opened.',
    ].join('\n'),
  };
}

export function alreadyRegisteredMail(siteName: string, to: string): MailMessage {
  return {
    to,
    subject: `Your ${siteName} account`,
    text: [
      `Someone (hopefully you) tried to create a ${siteName} account with this email address.`,
      'You already have one: sign in with your password or with a code sent to this address.',
      '',
      'If this was not you, you can ignore this email.',
    ].join('\n'),
  };
}

export function codeMail(siteName: string, to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${siteName} sign-in code`,
    text: [
      `Your ${siteName} code is: ${code}`,
      '',
      'Enter it on the sign-in page. It expires in 10 minutes and works once.',
      'If you did not ask for it, ignore this email.',
    ].join('\n'),
  };
}

/** To the owner, once per window, after repeated failed password sign-ins from new devices. */
export function failedSignInsMail(siteName: string, to: string, when: { since: Date; until: Date }): MailMessage {
  const [since, until] = [formatUtcMinute(when.since), formatUtcMinute(when.until)];
  return {
    to,
    subject: `Failed sign-in attempts on your ${siteName} account`,
    text: [
      `Someone tried several times to sign in to your ${siteName} account with a wrong password,`,
      since === until ? `at ${since}.` : `between ${since} and ${until}.`,
      '',
      'Your password still works on the devices you have signed in from before. On other devices,',
      'password sign-ins for this address are slowed down for a while.',
      '',
      'You can always sign in with a code sent to this address instead: choose "Use an email code',
      'instead" on the sign-in page. If you think someone knows your password, set a new one with',
      '"Forgot your password?" on the sign-in page. If these attempts were yours, you can ignore',
      'this email.',
    ].join('\n'),
  };
}

/** Like the confirmation link: the auth page asks for the new password and sends it by POST. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth?reset=${encodeURIComponent(token)}`;
}

export function resetMail(siteName: string, to: string, link: string): MailMessage {
  return {
    to,
    subject: `Set a new ${siteName} password`,
    text: [
      `Someone (hopefully you) asked to set a new password for your ${siteName} account.`,
      '',
      'Choose a new password by opening this link:',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email:',
      'your password stays as it is.',
    ].join('\n'),
  };
}

/** Sent after every reset: the owner learns of a reset they did not make while they can still act. */
export function passwordChangedMail(siteName: string, to: string, at: Date): MailMessage {
  return {
    to,
    subject: `Your ${siteName} password was changed`,
    text: [
      `The password of your ${siteName} account was changed at ${formatUtcMinute(at)}.`,
      'Every device that was signed in has been signed out.',
      '',
      'If this was you, there is nothing more to do.',
      'If it was not, set a new password at once with "Forgot your password?" on the sign-in',
      'page (you can also sign in with a code sent to this address): that signs the other',
      'person out again.',
    ].join('\n'),
  };
}
