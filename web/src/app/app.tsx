import { useState } from 'react';
import { createBrowserHistory } from '../lib/router/index.js';
import { AppProviders } from './providers.js';
import { AppRouter } from './router.js';

export function App() {
  const [history] = useState(createBrowserHistory);
  return (
    <AppProviders>
      <AppRouter history={history} />
    </AppProviders>
  );
}
