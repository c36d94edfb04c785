import MapPin from 'lucide-react/icons/map-pin';
import type { City } from '@domain/city.js';
import { isCityArchived } from '@domain/city-visibility.js';
import { CityStatusBadge } from '@/components/city-status.js';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, hexColorOr, readableTextColor } from '@domain/color.js';

/**
 * The city's colours (spec §2 screen 6, §3 defaults), checked: only hex colours reach the
 * style, and the text colour is whichever reads better on both ends of the gradient.
 */
export function bannerColors(city: Pick<City, 'primary_color' | 'secondary_color'>) {
  const primary = hexColorOr(city.primary_color, DEFAULT_PRIMARY_COLOR);
  const secondary = hexColorOr(city.secondary_color, DEFAULT_SECONDARY_COLOR);
  return { primary, secondary, text: readableTextColor([primary, secondary]) };
}

/** Name, state, tag line and county on the city's colours; its status when not simply Live (issue 25). */
export function CityBanner({ city }: { city: City }) {
  const { primary, secondary, text } = bannerColors(city);
  const place = [city.county, city.state].filter(Boolean).join(', ');
  return (
    <section
      aria-labelledby="city-name"
      data-testid="city-banner"
      style={{ backgroundImage: `linear-gradient(135deg, ${primary}, ${secondary})`, color: text }}
    >
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold tracking-wide uppercase opacity-90">
            <MapPin aria-hidden="true" className="size-4" />
            {place}
          </p>
          <CityStatusBadge city={city} />
        </div>
        <h1 id="city-name" className="mt-3 font-serif text-4xl leading-tight font-bold tracking-tight break-words sm:text-5xl">
          {city.name}, {city.state}
        </h1>
        {city.tag_line && <p className="mt-3 max-w-2xl font-serif text-xl italic sm:text-2xl">{city.tag_line}</p>}
        {isCityArchived(city.status) && (
          <p data-testid="city-archived" className="mt-6 max-w-2xl rounded-md bg-black/25 px-4 py-3 text-sm leading-relaxed text-white">
            Archived: we no longer follow this city's meetings. Its past meetings stay here to read.
          </p>
        )}
      </div>
    </section>
  );
}
