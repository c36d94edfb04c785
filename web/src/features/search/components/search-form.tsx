import Search from 'lucide-react/icons/search';
import { useEffect } from 'react';
import { searchRequestSchema } from '@domain/search.js';
import { FormField } from '@/components/form/form-field.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Input } from '@/components/ui/input.js';

/**
 * Spec §2 screen 9's form: 'Search' / 'Searching...', and (spec §5) an empty or blank query is
 * ignored. The request's schema (the server's) says what else is refused: a query too long
 * shows its message under the box. The syntax the server understands is explained under it.
 */
export function SearchForm({ initial, searching, onSearch }: { initial: string; searching: boolean; onSearch: (q: string) => void }) {
  const form = useSchemaForm(searchRequestSchema, { q: initial });
  const { reset } = form;
  // Back and forward change the URL's query: the box shows it.
  useEffect(() => reset({ q: initial }), [initial, reset]);
  const submit = form.handleSubmit(({ q }) => {
    if (q) onSearch(q);
  });
  const field = form.field('q');
  return (
    <form role="search" onSubmit={submit} noValidate>
      <FormField
        field={field}
        label="Search meetings"
        labelClassName="sr-only"
        hint='Every word must match. Put a phrase in "quotes", write -word to leave out the meetings that mention it, and or between words to match either.'
      >
        {(control) => (
          // On a phone the button goes under the box, so the whole placeholder fits beside nothing (and the box
          // grows only across a row: flex-1 in the column would set its height to nothing).
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              type="search"
              value={field.value}
              onChange={(event) => field.setValue(event.target.value)}
              placeholder="Search city council meetings..."
              className="h-11 min-w-0 sm:flex-1"
            />
            <Button type="submit" size="lg" className="h-11" disabled={searching}>
              <Search aria-hidden="true" />
              {searching ? 'Searching...' : 'Search'}
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
