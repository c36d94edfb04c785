import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

const TONES = {
  neutral: 'bg-paper-muted text-ink border-line',
  accent: 'bg-accent-soft text-accent-strong border-accent-soft',
  yellow: 'bg-amber-100 text-amber-900 border-amber-200',
  blue: 'bg-blue-100 text-blue-900 border-blue-200',
  grey: 'bg-slate-100 text-slate-800 border-slate-200',
  success: 'bg-emerald-100 text-emerald-900 border-emerald-200',
  danger: 'bg-red-100 text-red-900 border-red-200',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', TONES[tone], className)}
      {...props}
    />
  );
}
