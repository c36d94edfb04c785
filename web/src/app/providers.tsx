import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.js';
import { TooltipProvider } from '../components/ui/tooltip.js';
import { AuthProvider } from '../features/auth/auth-provider.js';
import { createQueryClient } from '../lib/query-client.js';

/** Everything every page relies on: server data, the session, tooltips' timing and the toaster. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
