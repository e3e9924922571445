import { useTranslation } from '../../i18n/use-translation';
import { TextField, type TextFieldProps } from './TextField';

/** The user name of the login and register forms, taken as typed: no capital letter or spelling fix added by the keyboard. */
export function UsernameField({
  autoComplete = 'username',
  ...props
}: Pick<TextFieldProps, 'id' | 'value' | 'onChange' | 'hint' | 'error'> & {
  /** The login form's `username webauthn`: the browser offers passkeys among the suggestions (issue 60). */
  autoComplete?: 'username' | 'username webauthn';
}) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.username')}
      {...props}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={64}
    />
  );
}
