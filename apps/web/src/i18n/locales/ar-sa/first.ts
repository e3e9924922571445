import type { Bundle } from '../../translator';
import type { LocaleResources } from '../types';

// The namespaces the landing page (book list, header, footer) needs before it can render.
const modules = import.meta.glob<{ default: Bundle }>(['./common.json', './books.json'], { eager: true });
const resources: LocaleResources = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), module.default]),
);
export default resources;
