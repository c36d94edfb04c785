import MailCheck from 'lucide-react/icons/mail-check';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.js';

/** "Check your email" after a sign-up or a reset request: what was sent, and the way back. */
export function MailSentStatus({ children, onBack }: { children: ReactNode; onBack: () => void }) {
  return (
    <div role="status" className="grid gap-4">
      <div className="flex gap-3 rounded-md border border-line bg-paper-muted p-4">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <p className="text-sm text-ink">{children}</p>
      </div>
      <Button variant="secondary" onClick={onBack}>
        Back to Sign In
      </Button>
    </div>
  );
}
