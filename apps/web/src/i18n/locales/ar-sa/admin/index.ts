import type { Bundle } from '../../../translator';
import type { LocaleResources } from '../../types';

// The operator console's namespaces (admin.json, admin-books.json, …), loaded with the console only.
const modules = import.meta.glob<{ default: Bundle }>('./*.json', { eager: true });
const resources: LocaleResources = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), module.default]),
);
export default resources;
