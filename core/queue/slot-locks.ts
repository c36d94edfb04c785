import type { VideoStageName } from '../pipeline/progress.js';
import type { VideoLocks } from '../pipeline/video-locks.js';

/**
 * One worker slot's view of the worker's video locks. A stage lets go of its video's lock as it
 * ends (video-work.ts), so that whoever takes the video's next stage finds the video free. When
 * that is this very slot (the completion hands it the next stage), letting go and taking the
 * lock again are two round trips for nothing (issue 26): so the slot holds the release back
 * until it knows, and the next stage's tryLock takes over a lock kept for its video. Nobody else
 * could run the video's next stage meanwhile: its job is this slot's. Anything else, and the
 * release goes out before the next stage's job can be seen by another worker.
 */
export interface SlotLocks {
  locks: VideoLocks;
  /** Lets go of the lock held back, if any. */
  release(): Promise<void>;
  /**
   * The stages this slot did on the video since it took the video's lock, without letting go
   * in between: a chain's verify need not re-read the transcript that analysis and story were
   * just checked against (video-work.ts does the same within one run).
   */
  held: HeldStages;
}

export interface HeldStages {
  doneSinceLocked(id: string): readonly VideoStageName[];
  noteDone(id: string, stage: VideoStageName): void;
}

export function slotLocks(locks: VideoLocks): SlotLocks {
  let heldBack: string | null = null;
  let done: { id: string; stages: VideoStageName[] } | null = null;
  const release = async () => {
    if (heldBack === null) return;
    const id = heldBack;
    heldBack = null;
    done = null;
    await locks.unlock(id);
  };
  return {
    locks: {
      ...locks,
      async tryLock(id) {
        if (heldBack === id) {
          heldBack = null;
          return true;
        }
        await release();
        done = null;
        const locked = await locks.tryLock(id);
        if (locked) done = { id, stages: [] };
        return locked;
      },
      async unlock(id) {
        await release();
        heldBack = id;
      },
    },
    release,
    held: {
      doneSinceLocked: (id) => (done?.id === id ? done.stages : []),
      noteDone(id, stage) {
        if (done?.id === id && !done.stages.includes(stage)) done.stages.push(stage);
      },
    },
  };
}
