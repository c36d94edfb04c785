import { createContext, useContext, type ComponentType } from 'react';
import { mapEmbedUrl } from '../../../../../core/domain/directory.js';

export interface MapEmbedProps {
  address: string;
  title: string;
}

/** The real map: Google's keyless embed at zoom 15 (spec §7, §9), loaded only when scrolled to. */
export function GoogleMapEmbed({ address, title }: MapEmbedProps) {
  return (
    <iframe
      title={title}
      src={mapEmbedUrl(address)}
      loading="lazy"
      referrerPolicy="no-referrer"
      className="aspect-[4/3] w-full rounded-md border border-line sm:aspect-video"
    />
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
