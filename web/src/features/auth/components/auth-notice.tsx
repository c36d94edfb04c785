import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { ReactNode } from 'react';

/** Server messages come without a full stop ('The confirmation link is invalid or has expired'). */
export const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const TONES = {
  success: { role: 'status', box: 'border-emerald-200 bg-emerald-50', icon: 'text-emerald-700', text: 'text-emerald-900', Icon: CircleCheck },
  failure: { role: 'alert', box: 'border-red-200 bg-red-50', icon: 'text-danger', text: 'text-red-900', Icon: CircleAlert },
} as const;

/**
 * What became of a link from an email (confirmation, password reset), above the sign-in card.
 * A success is announced politely (status), a failure at once (alert).
 */
export function AuthNotice({ tone, title, children }: { tone: keyof typeof TONES; title: string; children: ReactNode }) {
  const { role, box, icon, text, Icon } = TONES[tone];
  return (
    <div role={role} className={`flex gap-3 rounded-lg border p-4 ${box}`}>
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${icon}`} />
      <div className={`grid gap-1 text-sm ${text}`}>
        <h2 className="text-base font-semibold">{title}</h2>
        {children}
      </div>
    </div>
  );
}
