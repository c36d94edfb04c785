/**
 * CPU seconds used by processes on this machine, read from /proc (Linux): a benchmark that
 * runs several processes can say whether its wall time was bound by waiting or by the cores.
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ): 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

function readStat(pid: string | number): { name: string; seconds: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
  // "pid (name) state ppid ..." where name may hold spaces: split after the last ')'.
  const close = text.lastIndexOf(')');
  const name = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // utime, stime, then cutime, cstime: the last two hold reaped children (PostgreSQL's ended backends).
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
  return { name, seconds: ticks / TICKS_PER_SECOND };
}

/** CPU seconds of one process and the children it has reaped; 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  return readStat(pid)?.seconds ?? 0;
}

/** CPU seconds of every process with this name (e.g. all of PostgreSQL's), reaped children included. */
export function namedProcessesCpuSeconds(name: string): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat?.name === name) total += stat.seconds;
  }
  return total;
}

export const cpuMeterAvailable = (): boolean => fs.existsSync('/proc/self/stat');
