import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './App';
import { initI18n } from './i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
initI18n();
// Results stay fresh until an event says otherwise (use-event-invalidation.ts).
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, refetchOnWindowFocus: false } } });
// The first screen's chunk before the first render: it is drawn at once, with no "Opening the screen…" before it.
await preloadFirstScreen(window.location.hash).catch(() => undefined);
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
