import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.js';
import { createRouter } from './router.js';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
