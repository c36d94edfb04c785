import { LISTING_TIERS, TIER_NAMES, type ListingTier } from '@domain/enums.js';
import { Badge, type BadgeTone } from '../ui/badge.js';

// Spec §4: Tier 1 yellow, Tier 2 blue, Tier 3 grey.
const TONE: Record<ListingTier, BadgeTone> = { 'Tier 1': 'yellow', 'Tier 2': 'blue', 'Tier 3': 'grey' };

/** A stored tier outside the vocabulary is shown as the default, Tier 3 (spec §9). */
export function tierOf(value: string | null | undefined): ListingTier {
  return (LISTING_TIERS as readonly string[]).includes(value ?? '') ? (value as ListingTier) : 'Tier 3';
}

export function TierBadge({ tier }: { tier: string }) {
  const known = tierOf(tier);
  return <Badge tone={TONE[known]}>{TIER_NAMES[known]}</Badge>;
}
