import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './App';
import { startOfflineWork } from './features/offline/start-offline';
import { registerServiceWorkerWhenIdle, watchInstallPrompt } from './features/pwa';
import { initI18n } from './i18n';
import { adoptLanguageFromUrl, currentLanguage, rememberLanguageForServer } from './lib/language';
import { BROWSER_RENDER, type RenderContext } from './lib/render-context';
import { readServerRender, seedQueries } from './lib/server-render';
import { readStorage, STORAGE_KEYS } from './lib/storage-keys';
import { ensureVisitorId } from './lib/visitor-id';
import './styles/global.css';

adoptLanguageFromUrl(window.location.search);
ensureVisitorId();
// The installable app (issue 47): the service worker once the page is idle, the install offer's prompt and visits.
registerServiceWorkerWhenIdle();
watchInstallPrompt();
const language = currentLanguage();
rememberLanguageForServer(language);
// Not a top-level await: any top-level await in the build turns off the bundler's chunk
// optimisations (a module a lazy screen shares with its own lazy parts would get a chunk of its own).
void initI18n(language).then(start);

function start() {
  const queryClient = createQueryClient();
  const root = document.getElementById('root')!;
  const app = (render: RenderContext) => (
    <StrictMode>
      <App queryClient={queryClient} render={render} />
    </StrictMode>
  );
  // A public page the server rendered in this language is taken over as it is, with the API answers
  // it was built from; otherwise (a private screen, another language chosen here) the browser renders.
  const serverRender = readServerRender();
  if (serverRender && serverRender.language === language && root.firstChild) {
    seedQueries(queryClient, serverRender);
    const { renderedAt, lighterImages = false } = serverRender;
    hydrateRoot(root, app({ renderedAt, lighterImages, isHydrating: true }));
    // The server rendered as a visitor: what a signed-in reader sees differently (likes) is asked again.
    if (readStorage(STORAGE_KEYS.token)) void queryClient.invalidateQueries({ queryKey: ['chapter-content'] });
  } else {
    root.replaceChildren();
    createRoot(root).render(app(BROWSER_RENDER));
  }
  // Issue 47: saved chapters looked after and queued sends sent, only where there are any (a few lines until then).
  startOfflineWork();
}
