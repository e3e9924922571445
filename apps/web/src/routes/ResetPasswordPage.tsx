import { ResetPasswordForm } from '../features/account/ResetPasswordForm';

/** /reset-password?token=…: the link of the reset message (issue 28). */
export default function ResetPasswordPage() {
  return <ResetPasswordForm />;
}
