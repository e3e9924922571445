/** The notices' lazy chunk (app-notices.tsx): one import for the three places of the first load that may need it. */
export const loadNotices = () => import('./app-notices');
