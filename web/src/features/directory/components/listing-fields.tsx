import { LISTING_TIERS, TIER_NAMES } from '@domain/enums.js';
import type { Listing } from '@domain/listing.js';
import { FormField } from '@/components/form/form-field.js';
import { TextAreaField, TextField } from '@/components/form/text-fields.js';
import type { FieldState } from '@/components/form/use-schema-form.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select.js';
import type { ListingEdit } from '../api/change-businesses.js';
import { tierOf } from '@/components/directory/tier-badge.js';

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

type TextName = Exclude<keyof ListingEdit, 'listing_tier' | 'image_url'>;

const TEXT_FIELDS: { field: TextName; label: string; type?: string; wide?: boolean; autoComplete?: string }[] = [
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
export function ListingFields({ field }: { field: <K extends keyof ListingEdit>(name: K) => FieldState<ListingEdit[K]> }) {
  const tier = field('listing_tier');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField field={field('name')} label="Business Name" required frameClassName="gap-1.5 sm:col-span-2" />
      <TextAreaField field={field('description')} label="Description" className="min-h-24" frameClassName="gap-1.5 sm:col-span-2" />
      {TEXT_FIELDS.map(({ field: name, label, type, wide, autoComplete }) => (
        <TextField
          key={name}
          field={field(name)}
          label={label}
          type={type ?? 'text'}
          autoComplete={autoComplete}
          frameClassName={wide ? 'gap-1.5 sm:col-span-2' : 'gap-1.5'}
        />
      ))}
      <FormField field={tier} label="Listing Tier" frameClassName="gap-1.5 sm:col-span-2">
        {(control) => (
          <Select value={tier.value} onValueChange={tier.setValue}>
            <SelectTrigger {...control} />
            <SelectContent>
              {LISTING_TIERS.map((choice) => (
                <SelectItem key={choice} value={choice}>
                  {TIER_NAMES[choice]} ({choice})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
    </div>
  );
}
