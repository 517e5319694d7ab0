import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './App';
import { initI18n } from './i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Results stay fresh until an event says otherwise (use-event-invalidation.ts).
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, refetchOnWindowFocus: false } } });
// The first screen's chunk and the shown language's strings before the first render: the screen is drawn at once, with
// no "Opening the screen…" before it. Without its strings the station cannot say anything, so that failure stops here.
await Promise.all([initI18n(), preloadFirstScreen(window.location.hash).catch(() => undefined)]);
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
