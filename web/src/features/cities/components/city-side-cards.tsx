import ExternalLink from 'lucide-react/icons/external-link';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router/index.js';
import type { City, CityStats } from '@domain/city.js';
import { normalizeWebsite } from '@domain/website.js';
import { exportPaths, feedPaths } from '@domain/exports.js';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.js';
import { formatDate } from '@domain/format.js';
import { paths } from '@/lib/paths.js';

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid gap-3 text-sm">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/** Spec §2 screen 6: where the city is, its website and where to look further. */
export function QuickInfoCard({ city }: { city: City }) {
  const website = normalizeWebsite(city.domain);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Quick Info
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Facts>
          <Fact label="State">{city.state}</Fact>
          {city.county && <Fact label="County">{city.county}</Fact>}
          {website && city.domain && (
            <Fact label="Website">
              <a href={website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-accent hover:underline">
                {city.domain.trim()}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Fact>
          )}
        </Facts>
        <div className="flex flex-wrap gap-x-4 gap-y-2 border-t border-line pt-4 text-sm">
          <Link to={paths.citySearch.href(city.location_key)} className="text-accent hover:underline">
            Search {city.name} meetings
          </Link>
          <Link to={paths.cityBusinesses.href(city.location_key)} className="text-accent hover:underline">
            Local businesses
          </Link>
          <a href={exportPaths.cityDecisions(city.location_key)} download className="text-accent hover:underline">
            Decisions (CSV)
          </a>
          <a href={feedPaths.city(city.location_key)} type="application/atom+xml" className="text-accent hover:underline">
            Follow (Atom feed)
          </a>
        </div>
      </CardContent>
    </Card>
  );
}

/** Totals over every stored meeting of the city (GET /api/cities/:key/stats). */
export function StatisticsCard({ stats }: { stats: CityStats | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Statistics
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stats ? (
          <Facts>
            <Fact label="Meetings covered">{stats.meetings}</Fact>
            <Fact label="With analysis">{stats.analysed}</Fact>
            <Fact label="With a news story">{stats.with_story}</Fact>
            <Fact label="Last meeting">{formatDate(stats.last_meeting_at) || 'None yet'}</Fact>
            <Fact label="Sources">{stats.channels.length > 0 ? stats.channels.join(', ') : stats.source_count > 0 ? stats.source_count : 'None yet'}</Fact>
          </Facts>
        ) : (
          <p className="text-sm text-ink-muted">The statistics could not be loaded.</p>
        )}
      </CardContent>
    </Card>
  );
}
