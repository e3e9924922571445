import { useTranslation } from '../i18n/use-translation';

/** Genre tags are Chinese source strings; show them translated, and any other tag as it is. */
export function useTagLabel(): (tag: string) => string {
  const { t } = useTranslation();
  return (tag) => t(`tags.${tag}`, { defaultValue: tag });
}
