import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Each account screen names itself in the tab and for screen readers after client-side navigation. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const siteName = t('siteName');
  useEffect(() => {
    document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
}
