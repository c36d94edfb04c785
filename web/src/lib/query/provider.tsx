import { createContext, use, useEffect, type ReactNode } from 'react';
import type { QueryClient } from './client.js';

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => client.mount(), [client]);
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = use(QueryClientContext);
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}
