// The installable web app's public face (issue 47): the service worker's registration, its update
// notice and the install offer. Other features import only this file. Only what runs on every
// first load is here; the notices are a lazy chunk (app-notices.tsx).
export { SERVICE_WORKER_URL, registerServiceWorkerWhenIdle, serviceWorkerRegistration } from './service-worker';
export { watchInstallPrompt } from './install-prompt';
