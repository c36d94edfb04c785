import { useCallback } from 'react';
import { useNavigate } from '@/lib/router/index.js';
import { paths } from '@/lib/paths.js';
import { toastError } from '@/lib/toast.js';
import { useAuth } from '@/lib/auth-context.js';

/** Sign Out of the avatar menu (spec §7): end the session, then go to the home page. */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      await navigate(paths.home.href());
    } catch (error) {
      toastError('Error', error instanceof Error ? error.message : String(error));
    }
  }, [signOut, navigate]);
}
