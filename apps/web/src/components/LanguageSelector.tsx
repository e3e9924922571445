import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, LANGUAGES, type Language } from '../lib/language';

/** Choosing a language stores it and reloads the page (spec section 2). */
export function LanguageSelector() {
  const { t } = useTranslation();
  return (
    <label>
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        value={currentLanguage()}
        onChange={(event) => chooseLanguage(event.target.value as Language)}
        aria-label={t('header.language')}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
