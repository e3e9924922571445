/** The query parameter that carries where to go back to after logging in, registering or paying. */
export const RETURN_PARAM = 'return';

/** Screens a reader (or an operator, /admin) may be sent back to; anything else (API, media, other sites) is refused. */
const RETURNABLE =
  /^\/(?:reader\/book\/chapter\/|book\/chapters\/|profile(?:$|[?#])|gift(?:$|[?#])|library(?:$|[?#/])|admin(?:$|[?#/])|books?(?:$|[?#])|$)/;

/**
 * A same-site path to return to, or null. Never an open redirect: the value must be a path on
 * this origin ("/x", not "//evil.example" or "/\\evil.example", no scheme), free of control
 * characters, and one of the reader's own screens.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 512 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if ([...raw].some((char) => char <= '\u001f' || char === '\u007f' || char === '\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://inkstream.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://inkstream.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return RETURNABLE.test(path) ? path : null;
}

/** `/login?return=…` and the like; the return part only when it is a safe path. */
export function withReturn(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${path}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : path;
}

/** The current screen as a return path (path, query and hash). */
export const currentPath = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;
