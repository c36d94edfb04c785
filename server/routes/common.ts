import { z } from 'zod';

/** Shared zod pieces for the resource routers. */
export const uuid = z.uuid({ error: 'Invalid id' });
export const idParams = z.object({ id: uuid });

/** A string field bounded in length; `.trim()` so blanks can be refused where required. */
export const text = (max: number) => z.string().max(max, `At most ${max} characters`);

/** Query numbers arrive as strings. */
export const queryInt = z.coerce.number().int().min(1);
