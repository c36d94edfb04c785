import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** POST /api/auth/logout (204): the server deletes the session and clears its cookies. */
export function logout(): Promise<void> {
  return api.post(apiPaths.logout());
}
