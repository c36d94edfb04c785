import { createContext, useContext, type ComponentType } from 'react';
import { mapEmbedUrl } from '@domain/map-links.js';

export interface MapEmbedProps {
  address: string;
  title: string;
}

/** The real map: Google's keyless embed at zoom 15 (spec §7, §9), loaded only when scrolled to. */
function GoogleMapEmbed({ address, title }: MapEmbedProps) {
  return (
    // The box holds the shape and the frame fills it: an iframe alone keeps its default
    // 300x150 size and an inline gap below on some browsers instead of filling its card.
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-md border border-line sm:aspect-video">
      <iframe title={title} src={mapEmbedUrl(address)} loading="lazy" referrerPolicy="no-referrer" className="absolute inset-0 block size-full border-0" />
    </div>
  );
}

/**
 * Which map component draws the embed. Tests provide a stand-in, so no test asks the maps
 * service for anything (no network in tests); the site uses the real one.
 */
export const MapEmbedContext = createContext<ComponentType<MapEmbedProps>>(GoogleMapEmbed);

export function MapEmbed(props: MapEmbedProps) {
  const Embed = useContext(MapEmbedContext);
  return <Embed {...props} />;
}
