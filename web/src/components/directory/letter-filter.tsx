import { LETTERS } from '@domain/directory.js';
import { cn } from '@/lib/cn.js';

const baseClasses = 'h-9 min-w-9 rounded-md border px-2 text-sm font-medium transition-colors';
const offClasses = 'border-line bg-white text-ink hover:bg-paper-muted';
const onClasses = 'border-accent bg-accent text-white';

/**
 * Letter buttons (spec §9): All, 0-9, A to Z on the public directory; A to Z alone on the
 * admin screen. Each is a toggle button that says whether it is on (aria-pressed).
 */
export interface LetterFilterProps {
  /** The chosen letter ('All', '0-9', 'A'...), or '' for none. */
  value: string;
  onChange: (letter: string) => void;
  letters?: readonly string[];
  label?: string;
}

export function LetterFilter({ value, onChange, letters = LETTERS, label = 'Filter by first letter' }: LetterFilterProps) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {letters.map((letter) => (
        <button
          key={letter}
          type="button"
          aria-pressed={value === letter}
          onClick={() => onChange(letter)}
          className={cn(baseClasses, value === letter ? onClasses : offClasses)}
        >
          {letter}
        </button>
      ))}
    </div>
  );
}
