/** Leaves the single-page app for a fresh document; its own module so tests can observe it. */
export function reloadTo(path: string): void {
  window.location.assign(path);
}
