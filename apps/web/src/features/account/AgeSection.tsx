import { formatDate } from '@inkstream/contracts/formats';
import { PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { ageApi } from '../../lib/api-age';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

const QUERY_KEY = ['account', 'age-confirmation'];

/**
 * Issue 61, "Age": where the site shows adult books to readers who confirm they are 18 or older,
 * the reader says so here (or takes it back). Shown only on such a site, or to a reader who
 * confirmed before the site changed (so they can withdraw it). Every list asks again after a
 * change: which books a reader is shown is the server's to say.
 */
export function AgeSection() {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: QUERY_KEY, queryFn: ageApi.state });
  const change = useMutation({
    mutationFn: (confirm: boolean) => (confirm ? ageApi.confirm() : ageApi.withdraw()),
    onSuccess: (state) => {
      queryClient.setQueryData(QUERY_KEY, state);
      // The lists, book pages and chapters this reader may see moved with it.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== QUERY_KEY[0] });
    },
  });
  if (!data || (data.adult_books === 'off' && !data.confirmed)) return null;
  return (
    <section id={PROFILE_SECTIONS.age} className={profile.section} aria-labelledby="age-title">
      <h2 id="age-title" className={profile.sectionTitle}>
        {t('age.title')}
      </h2>
      <p className={profile.sectionText}>{t('age.explain')}</p>
      {data.confirmed && data.confirmed_at ? (
        <p>
          {t('age.confirmed', { date: formatDate(data.confirmed_at, language) })}{' '}
          <button type="button" className={styles.secondary} disabled={change.isPending} onClick={() => change.mutate(false)}>
            {t('age.withdraw')}
          </button>
        </p>
      ) : (
        <button type="button" className={styles.primary} disabled={change.isPending} onClick={() => change.mutate(true)}>
          {t('age.confirm')}
        </button>
      )}
      <p role="status" aria-live="polite" className={change.isError ? styles.error : undefined}>
        {change.isError ? t('age.error') : ''}
      </p>
    </section>
  );
}
