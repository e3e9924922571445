import type { Bundle } from '../../translator';
import type { LocaleResources } from '../types';

// Each namespace is one JSON file beside this one; see ../types.ts for the list.
const modules = import.meta.glob<{ default: Bundle }>('./*.json', { eager: true });
const resources: LocaleResources = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), module.default]),
);
export default resources;
