import { Button } from './button.js';

/** A section whose data could not be read: what failed, and a button that asks again. */
export function LoadFailed({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="rounded-lg border border-line bg-paper-muted p-6 text-center">
      <p className="text-ink">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  );
}
