import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger } from '../../../components/ui/select.js';
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
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor="directory-parent">Category</Label>
        <Select value={parent} onValueChange={onParentChange}>
          <SelectTrigger id="directory-parent" />
          <SelectContent>
            <SelectItem value={ALL}>All categories</SelectItem>
            <SelectSeparator />
            {groups.map((group) => (
              <SelectItem key={group.parent} value={group.parent}>
                {group.parent}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="directory-sub">Subcategory</Label>
        <Select value={parent === ALL ? ALL : sub} onValueChange={onSubChange} disabled={parent === ALL}>
          <SelectTrigger id="directory-sub" />
          <SelectContent>
            <SelectItem value={ALL}>All subcategories</SelectItem>
            <SelectSeparator />
            {subs.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </>
  );
}
