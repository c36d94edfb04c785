import readline from 'node:readline/promises';
import type { Confirm } from './commands/city.js';

/**
 * A yes/no prompt on the terminal, or undefined when stdin or stderr is not one (cron, pipes):
 * then destructive commands need --yes instead of waiting for an answer nobody can give.
 */
export function terminalConfirm(options: { json?: boolean }): Confirm | undefined {
  if (options.json || !process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return async (question) => {
    const prompt = readline.createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await prompt.question(question)).trim());
    } finally {
      prompt.close();
    }
  };
}
