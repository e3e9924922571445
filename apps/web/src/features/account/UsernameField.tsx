import { useTranslation } from '../../i18n/use-translation';
import { TextField, type TextFieldProps } from './TextField';

/** The user name of the login and register forms, taken as typed: no capital letter or spelling fix added by the keyboard. */
export function UsernameField(props: Pick<TextFieldProps, 'id' | 'value' | 'onChange' | 'hint' | 'error'>) {
  const { t } = useTranslation('auth');
  return (
    <TextField label={t('fields.username')} {...props} autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={64} />
  );
}
