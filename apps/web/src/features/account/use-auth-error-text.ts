import { useTranslation } from '../../i18n/use-translation';
import { authErrorKey } from './auth-error-message';

/** Turns the auth context's error (server English text) into the reader's language when we know it. */
export function useAuthErrorText(): (message: string) => string {
  const { t } = useTranslation('auth');
  return (message) => {
    const key = authErrorKey(message);
    return key ? t(`serverErrors.${key}`) : message;
  };
}
