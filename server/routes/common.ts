import { z } from 'zod';
import { isUuid } from '../../core/index.js';

/** Shared zod pieces for the resource routers. */
/** Our record ids (core's one isUuid, so the server and core agree on what an id is). */
export const uuid = z.string().refine(isUuid, { error: 'Invalid id' });
export const idParams = z.object({ id: uuid });

/** A string field bounded in length; `.trim()` so blanks can be refused where required. */
export const text = (max: number) => z.string().max(max, `At most ${max} characters`);

/** Query numbers arrive as strings. */
export const queryInt = z.coerce.number().int().min(1);
