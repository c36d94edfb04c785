import { SelectField } from '@/components/ui/select-field.js';
import { ALL, type CategoryGroup } from '../directory-filters.js';

/**
 * The parent and subcategory selectors (spec §2 screen 7, §4): the subcategory selector is
 * disabled while the parent is all, and offers only the chosen parent's subcategories.
 */
export function CategorySelects({
  groups,
  parent,
  sub,
  onParentChange,
  onSubChange,
}: {
  groups: CategoryGroup[];
  parent: string;
  sub: string;
  onParentChange: (parent: string) => void;
  onSubChange: (sub: string) => void;
}) {
  const subs = groups.find((group) => group.parent === parent)?.subs ?? [];
  // The filters say ALL where the selects say '' (their "All ..." choice).
  const shown = (value: string) => (value === ALL ? '' : value);
  return (
    <>
      <SelectField
        id="directory-parent"
        label="Category"
        none="All categories"
        value={shown(parent)}
        onChange={(value) => onParentChange(value || ALL)}
        options={groups.map((group) => group.parent)}
      />
      <SelectField
        id="directory-sub"
        label="Subcategory"
        none="All subcategories"
        value={parent === ALL ? '' : shown(sub)}
        onChange={(value) => onSubChange(value || ALL)}
        options={subs}
        disabled={parent === ALL}
      />
    </>
  );
}
