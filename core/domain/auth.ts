import { z } from 'zod';

/** Bodies of the auth endpoints shared by the server and the web app (api.md, issue 18). */

export const INVALID_CONFIRMATION_MESSAGE = 'The confirmation link is invalid or has expired';

/** `POST /api/auth/confirm`: the token of the confirmation link (`/auth?confirm=<token>`). */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: INVALID_CONFIRMATION_MESSAGE })
    .trim()
    .min(1, INVALID_CONFIRMATION_MESSAGE)
    .max(200, INVALID_CONFIRMATION_MESSAGE),
});

export type ConfirmEmailBody = z.infer<typeof confirmEmailSchema>;

/** The answer to a confirmed token: the address is confirmed; nobody is signed in by it. */
export interface ConfirmEmailAnswer {
  confirmed: true;
}
