import type { NewUpload, Upload } from '../schema.js';
import type { Executor } from './executor.js';

export function insertUpload(
  db: Executor,
  upload: Omit<NewUpload, 'id' | 'created_at'>,
): Promise<Upload> {
  return db.insertInto('uploads').values(upload).returningAll().executeTakeFirstOrThrow();
}

export function findUpload(db: Executor, bucket: string, objectKey: string): Promise<Upload | undefined> {
  return db.selectFrom('uploads').selectAll().where('bucket', '=', bucket).where('object_key', '=', objectKey).executeTakeFirst();
}
