import type { Readable } from 'node:stream';
import { AppError, type AddedUser, type Core } from '../../core/index.js';

export interface UserAddOptions {
  email: string;
  admin?: boolean;
  passwordStdin?: boolean;
  json?: boolean;
}

/** `civic user add`: the password, if any, comes piped on stdin so it never shows in the process list or shell history. */
export async function addUser(core: Core, options: UserAddOptions, stdin: Readable & { isTTY?: boolean } = process.stdin): Promise<AddedUser> {
  const password = options.passwordStdin ? await readPassword(stdin) : undefined;
  return core.users.addUser({ email: options.email, admin: options.admin ?? false, ...(password === undefined ? {} : { password }) });
}

/** The whole of stdin, less one trailing line break (what `echo` or a here-string adds). */
export async function readPassword(stdin: Readable & { isTTY?: boolean }): Promise<string> {
  if (stdin.isTTY) {
    throw new AppError('BAD_INPUT', "--password-stdin reads a piped password, e.g. printf '%s' \"$PASSWORD\" | civic user add --email … --password-stdin");
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

export function describeAddedUser(user: AddedUser): string {
  const verb = user.created ? 'Created' : 'Found';
  const line = `${verb} user ${user.id} <${user.email}>: ${user.role}${user.passwordSet ? ', password set' : ', no password (signs in by email code)'}`;
  if (!user.credentialsReset) return line;
  // The operator should know a sign-up they did not make was waiting on this address.
  return `${line}\nThe address had an unconfirmed sign-up: its password, pending confirmation links and codes were discarded and its sessions ended before confirming it.`;
}
