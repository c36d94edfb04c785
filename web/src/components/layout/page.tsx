import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';

const WIDTHS = { prose: 'max-w-3xl', default: 'max-w-6xl' } as const;

/** A page's frame: its width, padding, the tab title and (unless `heading` is false) an h1. */
export function Page({
  title,
  lead,
  children,
  width = 'default',
  heading = true,
  className,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  width?: keyof typeof WIDTHS;
  heading?: boolean;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:px-6 sm:py-14 lg:px-8', WIDTHS[width], className)}>
      {heading && (
        <header className="mb-8 sm:mb-10">
          <h1 className="font-serif text-3xl leading-tight font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
          {lead && <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-muted">{lead}</p>}
        </header>
      )}
      {children}
    </div>
  );
}
