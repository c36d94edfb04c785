import { z } from 'zod';

/** `GET /api/profile` and the answer of `PATCH /api/profile` (api.md). */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  home_city_key: z.string().nullable(),
  /** Spec §3 keeps both readings of the home city: this one and home_city_key. */
  preferences: z.looseObject({ home_city_id: z.string().optional() }),
  role: z.enum(['admin', 'member']),
});
export type Profile = z.infer<typeof profileSchema>;
