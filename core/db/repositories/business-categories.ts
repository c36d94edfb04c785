import type { BusinessCategory } from '../schema.js';
import type { Executor } from './executor.js';

export function listCategories(db: Executor): Promise<BusinessCategory[]> {
  return db.selectFrom('business_categories').selectAll().orderBy('parent_category').orderBy('sub_category').execute();
}

export function upsertCategory(db: Executor, category: { parent_category: string; sub_category: string }): Promise<BusinessCategory> {
  return db
    .insertInto('business_categories')
    .values(category)
    // A no-op update so RETURNING gives the existing row on conflict.
    .onConflict((oc) => oc.columns(['parent_category', 'sub_category']).doUpdateSet({ sub_category: category.sub_category }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findCategoryById(db: Executor, id: string): Promise<BusinessCategory | undefined> {
  return db.selectFrom('business_categories').selectAll().where('id', '=', id).executeTakeFirst();
}
