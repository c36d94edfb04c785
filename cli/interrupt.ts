/**
 * Ctrl-C (or a SIGTERM from cron) aborts the returned signal: the pipeline stops scheduling
 * new work while what is running finishes and is recorded, so the next run resumes cleanly.
 */
export function onInterrupt(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
    },
  };
}
