import type { Stats } from '@inkstream/contracts';
import { adminRequest, consoleLanguage } from '../shell/admin-api';

export const statsApi = {
  get: (days: 30 | 90) => adminRequest<Stats>('GET', '/stats', { query: { days, language: consoleLanguage() } }),
};
