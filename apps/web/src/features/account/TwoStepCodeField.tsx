import { TextField, type TextFieldProps } from './TextField';

/**
 * The code asked of a reader with two-step sign-in on before a change to the account (a TOTP code,
 * or a recovery code: up to 14 characters with its dashes): left to right in every language, never
 * capitalised or spell-checked, offered from the device's one-time codes.
 */
export function TwoStepCodeField(props: TextFieldProps) {
  return <TextField dir="ltr" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={14} {...props} />;
}
