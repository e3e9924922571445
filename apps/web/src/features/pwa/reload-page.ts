/** Loads the page again under the new worker; its own module so tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
