import type { Stats } from '@inkstream/contracts';
import { client, data } from '../../../lib/api-fetch';
import { consoleLanguage } from '../shell/admin-api';

export const statsApi = {
  get: (days: 30 | 90): Promise<Stats> =>
    data(client.GET('/api/v1/admin/stats', { params: { query: { days, language: consoleLanguage() } } })),
};
