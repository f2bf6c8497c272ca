import './index.css';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadRoute } from './app/router';
import { restoreSession } from './lib/api-client';
import { installNewVersionReload } from './lib/new-version-reload';
import { startPreferences } from './lib/preferences';
import { createQueryClient } from './lib/query-client';
import { forgetScrollOfFreshDocument } from './lib/scroll-positions';

// A tab left open over a deploy reloads into the new version when a lazy file is gone.
installNewVersionReload();

// A page typed into the tab starts at the top; a reload keeps its place (before the router mounts).
forgetScrollOfFreshDocument();

const queryClient = createQueryClient();

// 'Checking authentication...' lasts until the refresh cookie has been traded for a session (or not).
void restoreSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The strings are not in the first chunk: the active language's bundle loads before the first render,
// and so does the page's own code (the server preloads both), so the first render shows the page.
void start(root);

/** A task of its own for what follows, so that the browser may paint or answer input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The router is made, and the page's code asked for, each in a later task than this script's own
 * evaluation: ranking the route table and matching it (and Vite's preload of the page's files) held the
 * main thread some 20-60 ms more in that first task, which Lighthouse counted four times over as
 * blocking time. The language's strings download meanwhile, so the first render comes no later.
 */
async function start(root: HTMLElement) {
  const preferences = startPreferences();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  await Promise.allSettled([preferences, preloadRoute(router)]);
  render(root, router);
}

function render(root: HTMLElement, router: ReturnType<typeof createAppRouter>) {
  const reactRoot = createRoot(root);
  // As a transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread for one long task; the page the server sent stays on screen until it commits.
  startTransition(() =>
    reactRoot.render(
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
    ),
  );
}
