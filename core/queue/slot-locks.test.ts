import { describe, expect, it } from 'vitest';
import type { VideoLocks } from '../pipeline/video-locks.js';
import { slotLocks } from './slot-locks.js';

/** Locks that say which calls reached them, and which videos they hold. */
function recordingLocks() {
  const calls: string[] = [];
  const held = new Set<string>();
  const locks: VideoLocks = {
    async tryLock(id) {
      calls.push(`lock ${id}`);
      if (held.has(id)) return false;
      held.add(id);
      return true;
    },
    async unlock(id) {
      calls.push(`unlock ${id}`);
      held.delete(id);
    },
    holdRun: async () => undefined,
    isRunAlive: async () => true,
    sessionAlive: async () => true,
  };
  return { locks, calls, held };
}

describe('slotLocks', () => {
  it("hands a video's lock from one stage to its next in the slot without letting go of it", async () => {
    const inner = recordingLocks();
    const slot = slotLocks(inner.locks);
    expect(await slot.locks.tryLock('v1')).toBe(true);
    await slot.locks.unlock('v1');
    expect(inner.held).toEqual(new Set(['v1']));
    expect(await slot.locks.tryLock('v1')).toBe(true);
    await slot.locks.unlock('v1');
    await slot.release();
    expect(inner.calls).toEqual(['lock v1', 'unlock v1']);
    expect(inner.held.size).toBe(0);
  });

  it('lets go of a kept lock before taking another video, and releases it only once', async () => {
    const inner = recordingLocks();
    const slot = slotLocks(inner.locks);
    await slot.locks.tryLock('v1');
    await slot.locks.unlock('v1');
    expect(await slot.locks.tryLock('v2')).toBe(true);
    expect(inner.held).toEqual(new Set(['v2']));
    await slot.locks.unlock('v2');
    await slot.release();
    await slot.release();
    expect(inner.calls).toEqual(['lock v1', 'unlock v1', 'lock v2', 'unlock v2']);
  });

  it("still says busy for a video another holder has, once its own kept lock is let go of", async () => {
    const inner = recordingLocks();
    inner.held.add('v2');
    const slot = slotLocks(inner.locks);
    await slot.locks.tryLock('v1');
    await slot.locks.unlock('v1');
    expect(await slot.locks.tryLock('v2')).toBe(false);
    expect(inner.held).toEqual(new Set(['v2']));
  });

  it('remembers the stages done on a video only while its lock was kept', async () => {
    const slot = slotLocks(recordingLocks().locks);
    expect(await slot.locks.tryLock('v1')).toBe(true);
    slot.held.noteDone('v1', 'analysis');
    await slot.locks.unlock('v1');
    expect(await slot.locks.tryLock('v1')).toBe(true);
    slot.held.noteDone('v1', 'story');
    expect(slot.held.doneSinceLocked('v1')).toEqual(['analysis', 'story']);
    await slot.locks.unlock('v1');
    await slot.release();
    expect(slot.held.doneSinceLocked('v1')).toEqual([]);
    expect(await slot.locks.tryLock('v1')).toBe(true);
    expect(slot.held.doneSinceLocked('v1')).toEqual([]);
  });
});
