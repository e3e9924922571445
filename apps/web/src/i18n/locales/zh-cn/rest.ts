import type { Bundle } from '../../translator';
import type { LocaleResources } from '../types';

// Every namespace neither the landing page (first.ts) nor the reading screens (reading.ts) load:
// the account, library and payment screens'.
const modules = import.meta.glob<{ default: Bundle }>(
  [
    './*.json',
    '!./common.json',
    '!./books.json',
    '!./chapters.json',
    '!./reader.json',
    '!./readingsettings.json',
    '!./paged.json',
    '!./comments.json',
    '!./ratings.json',
    '!./plans.json',
    '!./coins.json',
    '!./discovery.json',
    '!./offline.json',
  ],
  { eager: true },
);
const resources: LocaleResources = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), module.default]),
);
export default resources;
