import { categoryTileLabel } from '@domain/directory.js';
import { cn } from '@/lib/cn.js';
import type { CategoryGroup } from '../directory-filters.js';

/**
 * One tile per parent category with up to 3 of its subcategories and an ellipsis (spec §2
 * screen 7, §9). Choosing a tile chooses that parent; the chosen one says so (aria-pressed).
 */
export function CategoryTiles({ groups, parent, onChoose }: { groups: CategoryGroup[]; parent: string; onChoose: (parent: string) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {groups.map((group) => {
        const chosen = group.parent === parent;
        return (
          <li key={group.parent}>
            <button
              type="button"
              aria-pressed={chosen}
              onClick={() => onChoose(group.parent)}
              className={cn(
                'flex h-full w-full flex-col items-start gap-1 rounded-lg border p-4 text-left transition-colors',
                chosen ? 'border-accent bg-accent-soft' : 'border-line bg-white hover:border-line-strong hover:bg-paper-muted',
              )}
            >
              <span className="font-semibold text-ink">{group.parent}</span>
              <span className="text-sm text-ink-muted">{categoryTileLabel(group.subs)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
