import { apiClient } from './api.js';
import { waitUntil } from './discovery.js';

/**
 * Turns coins on or off for the whole site (the console's switch, through the admin API) and waits
 * until the public config says so: settings are trusted for 2 s per node and the public config is
 * cached as long. Journeys that turn coins on turn them off again after their file, so the others
 * see the site without coins.
 */
export async function setCoinsEnabled(baseUrl: string, adminToken: string, enabled: boolean): Promise<void> {
  await apiClient(baseUrl).apiData('PUT', '/admin/settings', adminToken, { coins_enabled: enabled });
  await waitUntil(
    `the public config says coins.enabled = ${enabled}`,
    async () => {
      const config = (await (await fetch(`${baseUrl}/api/v1/config/public`)).json()) as {
        data: { result: { coins: { enabled: boolean } } };
      };
      return config.data.result.coins.enabled === enabled;
    },
    15_000,
  );
}
