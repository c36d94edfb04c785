/** Spec §9 and screen 12: an avatar shows the first 2 letters of the email, in capitals. */
export function initialsOf(email: string): string {
  return email.slice(0, 2).toUpperCase();
}
