import { NavLink } from '@/lib/router/index.js';
import { useCity } from '@/lib/api/get-city.js';
import { cn } from '@/lib/cn.js';
import { paths } from '@/lib/paths.js';

interface NavItem {
  to: string;
  label: string;
  /** Matches only this exact path (a city's home would otherwise stay lit on all its sub-pages). */
  end?: boolean;
}

function itemsFor(city: { location_key: string; name: string } | undefined): NavItem[] {
  if (!city) {
    return [
      { to: paths.cities.href(), label: 'Cities', end: true },
      { to: paths.search.href(), label: 'Search Meetings' },
      { to: paths.businesses.href(), label: 'Businesses' },
    ];
  }
  return [
    { to: paths.city.href(city.location_key), label: city.name, end: true },
    { to: paths.citySearch.href(city.location_key), label: 'Search Meetings' },
    { to: paths.cityBusinesses.href(city.location_key), label: 'Businesses' },
  ];
}

/**
 * The navigation bar of signed-in users (spec §2). On city pages it carries the city, looked
 * up by its location key; until that answer arrives (or if the city does not exist) it shows
 * the site-wide links.
 */
export function NavBar({ cityKey }: { cityKey: string | undefined }) {
  const { data: city } = useCity(cityKey);
  const items = itemsFor(cityKey ? city : undefined);
  return (
    <nav aria-label="Main" className="border-b border-line bg-paper-muted">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              end={item.end ?? false}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium',
                  isActive ? 'border-accent text-accent' : 'border-transparent text-ink-muted hover:text-ink',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
