import type { Executor } from './executor.js';

export interface UploadRow {
  id: string;
  bucket: string;
  object_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  original_name: string | null;
  uploaded_by: string | null;
  business_id: string | null;
  created_at: Date;
}

export function insertUpload(
  db: Executor,
  upload: Omit<UploadRow, 'id' | 'created_at'>,
): Promise<UploadRow> {
  return db.insertInto('uploads').values(upload).returningAll().executeTakeFirstOrThrow();
}

export function findUpload(db: Executor, bucket: string, objectKey: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('bucket', '=', bucket).where('object_key', '=', objectKey).executeTakeFirst();
}
