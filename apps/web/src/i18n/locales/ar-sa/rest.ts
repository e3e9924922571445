import type { Bundle } from '../../translator';
import type { LocaleResources } from '../types';

// Every other namespace, loaded together with the first screen that is not the book list.
const modules = import.meta.glob<{ default: Bundle }>(['./*.json', '!./common.json', '!./books.json'], { eager: true });
const resources: LocaleResources = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.replace(/^\.\/(.*)\.json$/, '$1'), module.default]),
);
export default resources;
