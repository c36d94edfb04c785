import type { ReactNode } from 'react';
import Calendar from 'lucide-react/icons/calendar';
import Globe from 'lucide-react/icons/globe';
import Image from 'lucide-react/icons/image';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { Badge, type BadgeTone } from '@/components/ui/badge.js';
import { Card } from '@/components/ui/card.js';
import { cn } from '@/lib/cn.js';

/** The sample fields of spec §2 screen 18's tier previews. */
export interface PreviewSample {
  name: string;
  tagline: string;
  category: string;
  yearEstablished: number;
  address: string;
  phone: string;
  email: string;
  website: string;
  description: string;
  services: string[];
  /** The logo's letters (no image is fetched: these pages make no calls). */
  logo: string;
  /** What the photo shows, as its text alternative. */
  photo: string;
}

export type PreviewLevel = 'basic' | 'enhanced' | 'premium';

const TONE: Record<PreviewLevel, BadgeTone> = { basic: 'grey', enhanced: 'blue', premium: 'yellow' };
const LABEL: Record<PreviewLevel, string> = { basic: 'Basic Listing', enhanced: 'Enhanced Listing', premium: 'Premium Listing' };

/** A drawn stand-in for a photo, labelled with what it would show. */
function Photo({ alt, className }: { alt: string; className?: string }) {
  return (
    <div role="img" aria-label={alt} className={cn('flex items-center justify-center rounded-md bg-gradient-to-br from-accent-soft to-paper-muted text-accent', className)}>
      <Image aria-hidden="true" className="size-8" />
    </div>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-ink">
      <span className="mt-0.5 text-ink-muted [&_svg]:size-4">{icon}</span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

/** How a listing of each plan looks: Basic is information and contact; Enhanced adds description, services and a photo; Premium adds branding, a gallery and every service. */
export function TierPreview({ sample, level }: { sample: PreviewSample; level: PreviewLevel }) {
  const enhanced = level !== 'basic';
  const premium = level === 'premium';
  return (
    <Card data-testid={`preview-${level}`} className={cn('grid gap-3 p-5', premium && 'border-amber-300 ring-1 ring-amber-200', level === 'enhanced' && 'border-blue-200')}>
      {premium && (
        <div className="grid grid-cols-3 gap-2">
          <Photo alt={`${sample.photo}, photo 1`} className="col-span-3 aspect-video" />
          <Photo alt={`${sample.photo}, photo 2`} className="aspect-square" />
          <Photo alt={`${sample.photo}, photo 3`} className="aspect-square" />
          <Photo alt={`${sample.photo}, photo 4`} className="aspect-square" />
        </div>
      )}
      {level === 'enhanced' && <Photo alt={sample.photo} className="aspect-video" />}
      <div className="flex items-start gap-3">
        {premium && (
          <span aria-label={`${sample.name} logo`} role="img" className="flex size-12 shrink-0 items-center justify-center rounded-md bg-accent font-serif text-lg font-bold text-white">
            {sample.logo}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-serif text-lg font-semibold text-ink">{sample.name}</h3>
            <Badge tone={TONE[level]}>{LABEL[level]}</Badge>
          </div>
          {enhanced && <p className="text-sm text-ink-muted italic">{sample.tagline}</p>}
          <p className="text-sm text-ink-muted">{sample.category}</p>
        </div>
      </div>
      {enhanced && <p className="text-sm leading-relaxed text-ink">{sample.description}</p>}
      {enhanced && (
        <ul aria-label="Services" className="flex flex-wrap gap-1.5">
          {(premium ? sample.services : sample.services.slice(0, 3)).map((service) => (
            <li key={service}>
              <Badge tone="neutral">{service}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-1.5">
        <Line icon={<MapPin aria-hidden="true" />}>{sample.address}</Line>
        <Line icon={<Phone aria-hidden="true" />}>{sample.phone}</Line>
        <Line icon={<Mail aria-hidden="true" />}>{sample.email}</Line>
        <Line icon={<Globe aria-hidden="true" />}>{sample.website}</Line>
        <Line icon={<Calendar aria-hidden="true" />}>Established {sample.yearEstablished}</Line>
      </div>
    </Card>
  );
}
