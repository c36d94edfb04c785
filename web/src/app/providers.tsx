import type { QueryClient } from '../lib/query/client.js';
import { QueryClientProvider } from '../lib/query/provider.js';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.js';
import { AuthProvider } from '../features/auth/auth-provider.js';
import { createQueryClient } from '../lib/query-client.js';

/**
 * Everything every page relies on: server data, the session and the toaster. Tooltips bring
 * their own provider (components/ui/tooltip.tsx), so pages without one do not load it.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
