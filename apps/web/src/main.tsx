import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { adoptLanguageFromUrl, currentLanguage } from './lib/language';
import { ensureVisitorId } from './lib/visitor-id';
import './styles/global.css';

adoptLanguageFromUrl(window.location.search);
ensureVisitorId();
await initI18n(currentLanguage());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
