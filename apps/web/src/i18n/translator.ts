import { formatCount } from '@inkstream/contracts/formats';
import type { Language } from '../lib/language';

/**
 * Our translation lookup, in place of i18next: it does what this app's texts use (namespaces,
 * nested keys, `{{name}}` values, CLDR plurals with i18next's key suffixes, a default value) and
 * nothing else. i18next and react-i18next were 55 KB of the first load's minified JavaScript
 * (about 15 KB gzip) that every visitor paid for, with a slower start, for features we never used.
 * The locale files keep i18next's format, so translators' tools still read them.
 *
 * Lookup of `t('key', { count })`, as i18next does it: `key_zero` when count is 0, then
 * `key_<category>` (Intl.PluralRules of the language: one, two, few, many, other), then `key`.
 * A key found nowhere gives `defaultValue` when one is passed, else the key itself.
 * `{{count}}` is written by the site's one count formatter ("18,452", "18 452"), so no text
 * shows a count as a bare "18452".
 */

export type Bundle = { [key: string]: string | Bundle };
export type TranslationOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
/** A translation function bound to one namespace; `other:key` reads another namespace. */
export type TFunction = (key: string, options?: TranslationOptions) => string;

export interface Translator {
  readonly language: Language;
  /** The `t` of a namespace (the same function on every call, so it can sit in a hook's dependencies). */
  fixedT(namespace: string): TFunction;
  /** Adds a namespace's texts, merged into what it already has (a later value wins). */
  addResources(namespace: string, bundle: Bundle): void;
  hasNamespace(namespace: string): boolean;
}

const NAMESPACE_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const PLURAL_SEPARATOR = '_';
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * What becomes of a `{{name}}` its caller gave no value for. On a page it is left empty, as
 * i18next leaves it, rather than break the screen; the web tests make it throw
 * (test-support/setup.ts), so a text and its caller that disagree on a name fail the first test
 * that renders them (the console's "Coins (last {{days}} days)" was given `count`: issue 56).
 */
export type MissingValueHandler = (name: string, text: string, language: Language) => void;
let onMissingValue: MissingValueHandler = () => {};

export function reportMissingValues(handler: MissingValueHandler): void {
  onMissingValue = handler;
}

export function createTranslator(language: Language, resources: Record<string, Bundle> = {}): Translator {
  const namespaces = new Map<string, Bundle>();
  const boundT = new Map<string, TFunction>();
  const plurals = new Intl.PluralRules(language);

  function lookup(namespace: string, key: string): string | undefined {
    const bundle = namespaces.get(namespace);
    if (!bundle) return undefined;
    let node: string | Bundle | undefined = bundle;
    for (const part of key.split(KEY_SEPARATOR)) {
      node = typeof node === 'object' ? node[part] : undefined;
      if (node === undefined) break;
    }
    if (typeof node === 'string') return node;
    // A flat key with dots in it ("tags.sci.fi" stored as one key) is found as it is.
    const flat = bundle[key];
    return typeof flat === 'string' ? flat : undefined;
  }

  function translate(defaultNamespace: string, fullKey: string, options: TranslationOptions = {}): string {
    let namespace = defaultNamespace;
    let key = fullKey;
    const separator = fullKey.indexOf(NAMESPACE_SEPARATOR);
    if (separator > 0 && namespaces.has(fullKey.slice(0, separator))) {
      namespace = fullKey.slice(0, separator);
      key = fullKey.slice(separator + 1);
    }
    const { count } = options;
    let text: string | undefined;
    if (typeof count === 'number') {
      if (count === 0) text = lookup(namespace, `${key}${PLURAL_SEPARATOR}zero`);
      text ??= lookup(namespace, `${key}${PLURAL_SEPARATOR}${plurals.select(count)}`);
    }
    text ??= lookup(namespace, key) ?? options.defaultValue ?? key;
    return text.includes('{{') ? interpolate(text, options, language) : text;
  }

  const translator: Translator = {
    language,
    fixedT(namespace) {
      let t = boundT.get(namespace);
      if (!t) boundT.set(namespace, (t = (key, options) => translate(namespace, key, options)));
      return t;
    },
    addResources(namespace, bundle) {
      namespaces.set(namespace, merge(namespaces.get(namespace) ?? {}, bundle));
    },
    hasNamespace: (namespace) => namespaces.has(namespace),
  };
  for (const [namespace, bundle] of Object.entries(resources)) translator.addResources(namespace, bundle);
  return translator;
}

/** `{{name}}` becomes the option's value; a value not given becomes nothing (as in i18next). */
function interpolate(text: string, values: TranslationOptions, language: Language): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (name === 'count' && typeof value === 'number') return formatCount(value, language);
    if (value === undefined) onMissingValue(name, text, language);
    return value === undefined || value === null ? '' : String(value);
  });
}

function merge(target: Bundle, source: Bundle): Bundle {
  const merged: Bundle = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = merged[key];
    merged[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return merged;
}
