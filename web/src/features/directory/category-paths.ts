import type { Category } from '@domain/listing.js';

/**
 * Category id -> "Restaurants & Food › Bakeries", the path a card and the detail page show. Its
 * own module: the business page needs it without the directory's filters (issue 25's budget).
 */
export function categoryPaths(categories: readonly Category[]): Map<string, string> {
  return new Map(categories.map((category) => [category.id, `${category.parent_category} › ${category.sub_category}`]));
}
