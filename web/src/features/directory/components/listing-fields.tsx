import { useId } from 'react';
import { LISTING_TIERS, TIER_NAMES } from '../../../../../core/domain/enums.js';
import type { Listing } from '../../../../../core/domain/listing.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '../../../components/ui/select.js';
import { Textarea } from '../../../components/ui/textarea.js';
import type { ListingEdit } from '../api/change-businesses.js';
import { tierOf } from '../../../components/directory/tier-badge.js';

export const EMPTY_LISTING: ListingEdit = {
  name: '',
  description: '',
  street_address: '',
  postal_code: '',
  telephone: '',
  email: '',
  website: '',
  listing_tier: 'Tier 3',
  image_url: '',
};

/** The edit form's values for a listing ('' where it has nothing). */
export function listingToEdit(listing: Listing): ListingEdit {
  return {
    name: listing.name,
    description: listing.description ?? '',
    street_address: listing.street_address ?? '',
    postal_code: listing.postal_code ?? '',
    telephone: listing.telephone ?? '',
    email: listing.email ?? '',
    website: listing.website ?? '',
    listing_tier: tierOf(listing.listing_tier),
    image_url: listing.image_url ?? '',
  };
}

type TextField = Exclude<keyof ListingEdit, 'listing_tier' | 'image_url'>;

const TEXT_FIELDS: { field: TextField; label: string; type?: string; wide?: boolean; autoComplete?: string }[] = [
  { field: 'street_address', label: 'Street Address', wide: true, autoComplete: 'off' },
  { field: 'postal_code', label: 'Postal Code', autoComplete: 'off' },
  { field: 'telephone', label: 'Telephone', type: 'tel', autoComplete: 'off' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { field: 'website', label: 'Website', autoComplete: 'off' },
];

/**
 * The spec §7 listing fields, shared by the edit and add dialogs: the name marked required, a
 * description, the address, telephone, an email input, the website and the tier selector.
 */
export function ListingFields({
  value,
  onChange,
  nameInvalid,
}: {
  value: ListingEdit;
  onChange: (next: ListingEdit) => void;
  nameInvalid: boolean;
}) {
  const id = useId();
  const set = (field: keyof ListingEdit) => (text: string) => onChange({ ...value, [field]: text });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={`${id}-name`} required>
          Business Name
        </Label>
        <Input
          id={`${id}-name`}
          value={value.name}
          required
          aria-invalid={nameInvalid || undefined}
          onChange={(event) => set('name')(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} className="min-h-24" value={value.description} onChange={(event) => set('description')(event.target.value)} />
      </div>
      {TEXT_FIELDS.map(({ field, label, type, wide, autoComplete }) => (
        <div key={field} className={wide ? 'grid gap-1.5 sm:col-span-2' : 'grid gap-1.5'}>
          <Label htmlFor={`${id}-${field}`}>{label}</Label>
          <Input
            id={`${id}-${field}`}
            type={type ?? 'text'}
            autoComplete={autoComplete}
            value={value[field]}
            onChange={(event) => set(field)(event.target.value)}
          />
        </div>
      ))}
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={`${id}-tier`}>Listing Tier</Label>
        <Select value={value.listing_tier} onValueChange={set('listing_tier')}>
          <SelectTrigger id={`${id}-tier`} />
          <SelectContent>
            {LISTING_TIERS.map((tier) => (
              <SelectItem key={tier} value={tier}>
                {TIER_NAMES[tier]} ({tier})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
