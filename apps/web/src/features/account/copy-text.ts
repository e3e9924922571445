/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context (https or localhost);
 * a site opened over plain http on a LAN address falls back to a hidden textarea and execCommand.
 * `container` must be inside the open modal dialog: outside it the page is inert and cannot be selected.
 */
export async function copyText(text: string, container: HTMLElement = document.body): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission denied or insecure context: try the fallback
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  container.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
