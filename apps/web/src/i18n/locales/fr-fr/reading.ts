import type { Bundle } from '../../translator';
import type { LocaleResources } from '../types';

// The namespaces of the reading screens (chapter list, reader, search): loaded with the first of
// them, without the account screens' texts (rest.ts), which a reader on a slow link would wait for
// (i18n-parts.test.ts checks that the reading screens use no other namespace).
const modules = import.meta.glob<{ default: Bundle }>(
  [
    './chapters.json',
    './reader.json',
    './paged.json',
    './readingsettings.json',
    './comments.json',
    './ratings.json',
    './plans.json',
    './coins.json',
    './discovery.json',
    './offline.json',
  ],
  {
    eager: true,
  },
);
const resources: LocaleResources = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), module.default]),
);
export default resources;
