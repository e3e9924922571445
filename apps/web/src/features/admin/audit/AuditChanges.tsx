import type { AuditEntry } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { formatDateTime } from '../shell/format';
import { auditChanges, describeValue, isUuid } from './audit-changes';

/** Fields whose values are codes, and where their words are. */
const VALUE_WORDS: Record<string, string> = {
  state: 'audit.value.state',
  resolution: 'audit.value.state',
  role: 'admin-readers:roleName',
  status: 'admin-orders:status',
  plan: 'admin-orders:plan',
  provider: 'admin-orders:provider',
};

/** An audit entry's change as words: one line per field, "Release time: — → 24 Dec 2026, 18:00", names instead of ids. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const base = {
    names: entry.names,
    formatDate: formatDateTime,
    yes: t('audit.yes'),
    no: t('audit.no'),
    none: '—',
  };
  // A stored value of a known field in words ("hidden" → "Hidden", "paid" → "Paid"), else as stored.
  const contextOf = (path: string[]) => {
    const key = VALUE_WORDS[path.at(-1) ?? ''];
    return key ? { ...base, word: (value: string) => t(`${key}.${value}`, { defaultValue: value }) } : base;
  };
  // A field written on both sides with the same value (publish_at: null → null) changed nothing.
  const changes = auditChanges(entry.before, entry.after).filter(
    (change) => change.before === undefined || JSON.stringify(change.before) !== JSON.stringify(change.after),
  );
  if (changes.length === 0) return <span className={styles.muted}>—</span>;
  const label = (path: string[]) => {
    if (path.length === 0) return null;
    const [head, ...rest] = path as [string, ...string[]];
    const name = isUuid(head) ? (entry.names[head] ?? head) : t(`audit.field.${head}`, { defaultValue: head.replace(/_/g, ' ') });
    return rest.length > 0 ? `${name} (${rest.join(' · ')})` : name;
  };
  return (
    <ul className={styles.changes}>
      {changes.map((change) => {
        const field = label(change.path);
        const context = contextOf(change.path);
        const after = describeValue(change.after, context);
        return (
          <li key={change.path.join('.') || 'value'}>
            {field && <span className={styles.changeField}>{field}: </span>}
            {change.before === undefined || entry.before === null ? (
              <bdi dir="auto">{after}</bdi>
            ) : (
              <>
                {/* Each value isolated, the arrow in the page's direction (← in Arabic). */}
                <del className={styles.before}>
                  <bdi dir="auto">{describeValue(change.before, context)}</bdi>
                </del>{' '}
                {t('audit.arrow')} <bdi dir="auto">{after}</bdi>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
