import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';

/**
 * An embedded database is opened by one process at a time: two writing to the same files would
 * corrupt them. A lock file holding our pid makes us the holder (the others come in through
 * us); a lock left by a process that no longer exists (killed, crashed) is taken over. The
 * file also names when that process started (Linux): after a crash and a reboot, or in a
 * container, its pid soon belongs to another program, which must not pass for the holder.
 */
export async function lockDataDir(dataDir: string): Promise<{ release: () => Promise<void> } | { holder: number }> {
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const started = await startTimeOf(process.pid);
      await fs.writeFile(file, started ? `${process.pid} ${started}` : String(process.pid), { flag: 'wx' });
      return {
        release: async () => {
          await fs.rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid, started] = (await fs.readFile(file, 'utf8').catch(() => '')).trim().split(/\s+/);
      const holder = Number(pid);
      if (holder && holder !== process.pid && (await isRunning(holder, started))) return { holder };
      await fs.rm(file, { force: true });
    }
  }
  throw new AppError('DATABASE_UNAVAILABLE', `Cannot lock the embedded database in ${dataDir}`);
}

async function isRunning(pid: number, started: string | undefined): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!started) return true;
  const now = await startTimeOf(pid);
  // Without /proc the pid is all there is to go by.
  return now === undefined || now === started;
}

/** The process's start, in clock ticks since boot (field 22 of /proc/<pid>/stat); undefined where there is no /proc. */
export async function startTimeOf(pid: number): Promise<string | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
