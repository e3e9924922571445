// react-i18next imports useSyncExternalStore from the `use-sync-external-store/shim` package, a
// copy for React versions before 18. React 19 has it built in: vite.config.ts points the import
// here, which keeps the shim (and its CommonJS wrapper) out of the first load.
export { useSyncExternalStore } from 'react';
