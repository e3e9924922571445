import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { chooseLanguage, LANGUAGES, takeLanguageSelectorFocus, type Language } from '../lib/language';
import { useLanguage } from '../i18n/use-language';
import { chooseDataSaver, useDataSaverChoice } from '../lib/data-saving';
import styles from './Header.module.css';

/**
 * The reader's data saver, in the header's menu under the languages: lighter page images and
 * nothing fetched ahead (lib/data-saving.ts). A switch: its state is read out, and it takes effect
 * at once (the chapter on screen is asked for again in its lighter form).
 */
function DataSaverSwitch() {
  const { t } = useTranslation();
  const isOn = useDataSaverChoice();
  const hintId = useId();
  return (
    <div className={styles.menuSetting}>
      <button type="button" role="switch" aria-checked={isOn} aria-describedby={hintId} onClick={() => chooseDataSaver(!isOn)}>
        <span>{t('header.dataSaver')}</span>
        <span className={styles.switchTrack} aria-hidden="true">
          <span className={styles.switchThumb} />
        </span>
      </button>
      <p id={hintId} className={styles.menuHint}>
        {t('header.dataSaverHint')}
      </p>
    </div>
  );
}

/** What the compact button shows: the language part of the tag ("EN", "AR"). */
const shortCode = (language: Language) => language.split('-')[0]!.toUpperCase();

/**
 * A button that opens the list of languages; only a click (or Enter / Space) on one changes the
 * language, which stores it and reloads the page (spec section 2). Arrow keys move between the
 * choices without applying them (WCAG 3.2.2), Escape closes the list, and after the reload focus
 * is back on this button.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();

  useEffect(() => {
    if (takeLanguageSelectorFocus()) toggle.current?.focus();
  }, []);

  // On opening, focus goes to the current language, so arrows start from it.
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
  }, [open]);

  const choices = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    const buttons = choices();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const target =
      event.key === 'ArrowDown'
        ? (at + 1) % buttons.length
        : event.key === 'ArrowUp'
          ? (at - 1 + buttons.length) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : null;
    if (target === null || at === -1) return;
    event.preventDefault();
    buttons[target]?.focus();
  };

  // Tabbing or clicking away closes the list.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const choose = (choice: Language) => {
    if (choice === language) {
      setOpen(false);
      toggle.current?.focus();
    } else {
      chooseLanguage(choice);
    }
  };

  return (
    <div className={styles.language} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={toggle}
        type="button"
        className={styles.languageButton}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span aria-hidden="true" className={styles.languageCode}>
          {shortCode(language)}
        </span>
        <span className="visually-hidden">{t('header.languageCurrent', { language: t(`languages.${language}`) })}</span>
      </button>
      <div id={listId} className={styles.languageList} hidden={!open}>
        <ul ref={list} aria-label={t('header.language')}>
          {LANGUAGES.map((choice) => (
            <li key={choice}>
              <button
                type="button"
                lang={choice}
                dir="auto"
                aria-current={choice === language ? 'true' : undefined}
                onClick={() => choose(choice)}
              >
                {t(`languages.${choice}`)}
              </button>
            </li>
          ))}
        </ul>
        <DataSaverSwitch />
        {/* Issue 47: the chapters saved for reading without a connection. */}
        <Link to={PAGE_PATTERNS.offline} className={styles.menuLink} onClick={() => setOpen(false)}>
          {t('header.offline')}
        </Link>
      </div>
    </div>
  );
}
