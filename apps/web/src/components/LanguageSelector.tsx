import { useTranslation } from '../i18n/use-translation';
import { chooseLanguage, LANGUAGES, type Language } from '../lib/language';
import { useLanguage } from '../lib/use-language';

/** Choosing a language stores it and reloads the page (spec section 2). */
export function LanguageSelector() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <label>
      <span className="visually-hidden">{t('header.language')}</span>
      <select value={language} onChange={(event) => chooseLanguage(event.target.value as Language)} aria-label={t('header.language')}>
        {LANGUAGES.map((choice) => (
          <option key={choice} value={choice} lang={choice}>
            {t(`languages.${choice}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
