import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { MAX_QUICK_FACTS } from '@domain/newsroom.js';
import { Button } from '@/components/ui/button.js';
import { LineField } from './line-field.js';

/** Quick Facts, one line each: change, add or remove lines (a blank line is dropped on save). */
export function QuickFactsField({ facts, onChange }: { facts: string[]; onChange: (facts: string[]) => void }) {
  const set = (index: number, value: string) => onChange(facts.map((fact, i) => (i === index ? value : fact)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">Quick Facts</legend>
      {facts.length === 0 && <p className="text-sm text-ink-muted">No quick facts.</p>}
      <ol className="grid gap-2">
        {facts.map((fact, index) => (
          <li key={index} className="flex items-start gap-2">
            <LineField aria-label={`Quick fact ${index + 1}`} value={fact} onChange={(value) => set(index, value)} />
            <Button variant="ghost" size="icon" className="shrink-0" aria-label={`Remove quick fact ${index + 1}`} onClick={() => onChange(facts.filter((_, i) => i !== index))}>
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" size="sm" className="justify-self-start" disabled={facts.length >= MAX_QUICK_FACTS} onClick={() => onChange([...facts, ''])}>
        <Plus aria-hidden /> Add a quick fact
      </Button>
    </fieldset>
  );
}
