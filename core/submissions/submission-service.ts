import type { Kysely } from 'kysely';
import { insertCityRequest } from '../db/repositories/city-request.js';
import { insertContactSubmission } from '../db/repositories/contact-submissions.js';
import type { DB } from '../db/schema.js';
import type { CityRequestBody, ContactBody } from '../domain/submissions.js';
import { readCityRequest, readContact } from './submission-input.js';

/** What visitors send us: coverage requests for a new city and contact messages (spec §7 inserts). */
export function createSubmissionService(db: Kysely<DB>) {
  async function requestCity(input: CityRequestBody): Promise<{ id: string }> {
    const row = await insertCityRequest(db, readCityRequest(input));
    return { id: row.id };
  }

  async function submitContact(input: ContactBody): Promise<{ id: string }> {
    const row = await insertContactSubmission(db, readContact(input));
    return { id: row.id };
  }

  return { requestCity, submitContact };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
