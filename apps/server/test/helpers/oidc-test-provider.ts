import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface TestOidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The account the provider's login signs in next. */
  signInAs(account: TestOidcAccount): Promise<void>;
  /** Sets the provider's clock this many seconds off the real one. */
  setClock(offsetSeconds: number): Promise<void>;
  /**
   * Follows the browser's way from the provider's authorization URL (login, consent, all
   * automatic) to where the provider sends it back: the site's callback URL with code and state.
   */
  visit(authorizationUrl: string, redirectPrefix: string): Promise<URL>;
  stop(): Promise<void>;
}

/** Starts oidc-test-provider.mjs (a real oidc-provider) in its own process. */
export async function startTestOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<TestOidcProvider> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'oidc-test-provider.mjs'), JSON.stringify(client)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
    child.once('exit', (code) => reject(new Error(`oidc-test-provider exited with ${code}`)));
  });
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${issuer}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`oidc-test-provider ${url}: ${response.status}`);
  };
  return {
    issuer,
    signInAs: (account) => post('/__test/account', account),
    setClock: (offsetSeconds) => post('/__test/clock', { offsetSeconds }),
    async visit(authorizationUrl, redirectPrefix) {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
        url = new URL(location, url);
        if (url.toString().startsWith(redirectPrefix)) return url;
      }
      throw new Error('too many redirects at the provider');
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
