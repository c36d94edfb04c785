import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';

/**
 * Spec §2 screen 9's form: 'Search' / 'Searching...', and (spec §5) an empty or blank query is
 * ignored. The syntax the server understands is explained in one line under the box.
 */
export function SearchForm({ initial, searching, onSearch }: { initial: string; searching: boolean; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  // Back and forward change the URL's query: the box shows it.
  useEffect(() => setText(initial), [initial]);
  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (q) onSearch(q);
  }
  return (
    <form role="search" onSubmit={submit} className="grid gap-2">
      {/* On a phone the button goes under the box, so the whole placeholder fits beside nothing (and the box
          grows only across a row: flex-1 in the column would set its height to nothing). */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="search-query" className="sr-only">
          Search meetings
        </label>
        <Input
          id="search-query"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search city council meetings..."
          aria-describedby="search-syntax"
          className="h-11 min-w-0 sm:flex-1"
        />
        <Button type="submit" size="lg" className="h-11" disabled={searching}>
          <Search aria-hidden="true" />
          {searching ? 'Searching...' : 'Search'}
        </Button>
      </div>
      <p id="search-syntax" className="text-sm text-ink-muted">
        Every word must match. Put a phrase in "quotes", write -word to leave out the meetings that mention it, and or between words to match either.
      </p>
    </form>
  );
}
