import Search from 'lucide-react/icons/search';
import { useState } from 'react';
import { searchRequestSchema } from '@domain/search.js';
import { FormField } from '@/components/form/form-field.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Input } from '@/components/ui/input.js';
import { sendEvent } from '../api/send-event.js';
import { ENTITY_LABELS, SEARCH_RESULTS, searchResults, type EntityType } from '../showcase-data.js';
import { EntityFilter } from './entity-filter.js';

/**
 * Meeting search on sample results: a query, entity filters, results ranked by relevance. The
 * query is held to the real search's rules (its schema), so the demo refuses what the site would.
 */
export function SearchDemo() {
  const form = useSchemaForm(searchRequestSchema, { q: '' });
  const text = form.field('q');
  const [query, setQuery] = useState('');
  const [entity, setEntity] = useState<EntityType | 'all'>('all');
  const [opened, setOpened] = useState<string | null>(null);
  const results = searchResults(SEARCH_RESULTS, query, entity);

  const submit = form.handleSubmit(({ q }) => {
    setQuery(q);
    sendEvent('search_initiated', { demo: 'search_interface', query_length: q.length });
  });

  return (
    <div className="grid gap-5">
      <form role="search" onSubmit={submit} noValidate>
        <FormField field={text} label="Search meetings" labelClassName="sr-only">
          {(control) => (
            <div className="flex gap-2">
              <div className="relative flex-1">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint" />
                <Input
                  {...control}
                  type="search"
                  className="pl-9"
                  placeholder="Try parking, budget or school"
                  value={text.value}
                  onChange={(event) => text.setValue(event.target.value)}
                />
              </div>
              <Button type="submit">Search</Button>
            </div>
          )}
        </FormField>
      </form>
      <EntityFilter value={entity} onChange={setEntity} demo="search_interface" />
      <p className="text-sm text-ink-muted" aria-live="polite">
        {results.length} {results.length === 1 ? 'result' : 'results'}
        {query.trim() ? ` for "${query.trim()}"` : ''}
      </p>
      <ul className="grid gap-3">
        {results.map((result, index) => (
          <li key={result.id} className="rounded-lg border border-line bg-white p-4">
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                aria-expanded={opened === result.id}
                onClick={() => {
                  sendEvent('search_result_click', { demo: 'search_interface', result_id: result.id, position: index + 1, relevance_score: result.relevance_score });
                  setOpened(opened === result.id ? null : result.id);
                }}
                className="text-left font-serif text-lg font-semibold text-accent-strong underline-offset-4 hover:underline"
              >
                {result.title}
              </button>
              <Badge tone="accent">{ENTITY_LABELS[result.entity_type]}</Badge>
              <Badge tone="neutral">Relevance {Math.round(result.relevance_score * 100)}%</Badge>
            </div>
            {opened === result.id && <p className="mt-2 text-ink">{result.snippet}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
