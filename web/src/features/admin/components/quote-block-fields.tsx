import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { Button } from '@/components/ui/button.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { Textarea } from '@/components/ui/textarea.js';
import type { QuoteCheck } from './quote-check.js';
import { LineField } from './line-field.js';
import { EMPTY_QUOTE, type QuoteFields } from './story-form.js';

/** The sidebar's quote: its three fields and, under the quote, whether the transcript holds it. */
export function QuoteBlockFields({ block, check, onChange }: { block: QuoteFields | null; check: QuoteCheck; onChange: (block: QuoteFields | null) => void }) {
  if (!block) {
    return (
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-ink">Quote</legend>
        <p className="text-sm text-ink-muted">No quote block.</p>
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => onChange(EMPTY_QUOTE)}>
          <Plus aria-hidden /> Add a quote
        </Button>
      </fieldset>
    );
  }
  return (
    <fieldset className="grid gap-3 rounded-md border border-line p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium text-ink">Quote</legend>
      <div className="grid gap-1.5">
        <Label htmlFor="editor-quote">Words quoted</Label>
        <Textarea id="editor-quote" rows={3} value={block.quote} aria-describedby="editor-quote-check" onChange={(event) => onChange({ ...block, quote: event.target.value })} />
        <QuoteCheckLine id="editor-quote-check" check={check} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="editor-quote-attribution">Said by</Label>
        <Input id="editor-quote-attribution" value={block.attribution} onChange={(event) => onChange({ ...block, attribution: event.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="editor-quote-context">Context</Label>
        <LineField id="editor-quote-context" value={block.context} onChange={(context) => onChange({ ...block, context })} />
      </div>
      <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => onChange(null)}>
        <Trash2 aria-hidden /> Remove the quote
      </Button>
    </fieldset>
  );
}

/** Live: polite, so a screen reader hears the verdict once typing pauses, not each keystroke's. */
function QuoteCheckLine({ id, check }: { id: string; check: QuoteCheck }) {
  const body = (() => {
    switch (check.kind) {
      case 'empty':
        return <span className="text-ink-muted">Write the words as said, or remove the quote.</span>;
      case 'checking':
        return <span className="text-ink-muted">Checking against the transcript...</span>;
      case 'unavailable':
        return <span className="text-ink-muted">The transcript could not be loaded to check the quote here; the server checks it when you save.</span>;
      case 'verified':
        return (
          <span className="inline-flex items-center gap-1.5 text-emerald-800">
            <CircleCheck aria-hidden className="size-4 shrink-0" /> Verified. Said at {check.at}
          </span>
        );
      case 'kept':
        return <span className="text-ink-muted">Not found word for word in the transcript. It is unchanged, so it is kept as it was.</span>;
      case 'no-transcript':
        return <Refused text="This meeting has no transcript to check against: a changed quote will be refused." />;
      case 'not-found':
        return <Refused text="Not found in the transcript word for word: saving will be refused." />;
    }
  })();
  return (
    <p id={id} aria-live="polite" className="text-sm">
      {body}
    </p>
  );
}

function Refused({ text }: { text: string }) {
  return (
    <span className="inline-flex items-start gap-1.5 text-danger">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> {text}
    </span>
  );
}
