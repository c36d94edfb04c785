import { z } from 'zod/mini';

/** `GET /api/profile` and the answer of `PATCH /api/profile` (api.md). zod/mini: see session.ts. */
export const profileSchema = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  home_city_key: z.nullable(z.string()),
  /** Spec §3 keeps both readings of the home city: this one and home_city_key. */
  preferences: z.looseObject({ home_city_id: z.optional(z.string()) }),
  role: z.enum(['admin', 'member']),
});
export type Profile = z.infer<typeof profileSchema>;
