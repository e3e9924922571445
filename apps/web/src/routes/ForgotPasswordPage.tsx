import { ForgotPasswordForm } from '../features/account/ForgotPasswordForm';

/** /forgot-password: ask for a reset link by user name or e-mail (issue 28). */
export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
