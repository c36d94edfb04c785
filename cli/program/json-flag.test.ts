import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { program } from '../main.js';
import { civic, tempDataDir } from '../testing/queue-harness.js';

/** Every command that does something (no subcommands of its own), by its full name. */
function leafCommands(command: Command, name: string): [string, Command][] {
  if (command.commands.length === 0) return [[name, command]];
  return command.commands.flatMap((sub) => leafCommands(sub, `${name} ${sub.name()}`));
}

describe('--json (the README: every command takes it)', () => {
  it('is an option of every command but serve, whose logs are JSON lines already', () => {
    const without = leafCommands(program, 'civic')
      .filter(([, command]) => !command.options.some((option) => option.long === '--json'))
      .map(([name]) => name);
    expect(without).toEqual(['civic serve']);
  });

  it('is accepted by civic worker, which goes on to its own checks', async () => {
    const data = await tempDataDir();
    try {
      const result = await civic(['worker', '--json'], { DATA_DIR: data.dir });
      expect(result.stderr).toBe('civic: civic worker needs PostgreSQL: set DATABASE_URL\n');
      expect(result.code).toBe(2);
    } finally {
      await data.remove();
    }
  }, 60_000);
});
