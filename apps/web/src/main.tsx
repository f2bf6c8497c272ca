import './index.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { restoreSession } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

const router = createAppRouter();
const queryClient = createQueryClient();

// 'Checking authentication...' lasts until the refresh cookie has been traded for a session (or not).
void restoreSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      {/* flushSync lets `navigate(..., { flushSync: true })` commit at once (see lib/use-end-session.ts). */}
      <RouterProvider
        router={router}
        flushSync={(update) => {
          flushSync(update);
        }}
      />
    </AppProviders>
  </StrictMode>,
);
