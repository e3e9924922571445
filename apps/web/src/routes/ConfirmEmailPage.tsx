import { ConfirmEmailView } from '../features/account/ConfirmEmailView';

/** /confirm-email?token=…: the link of the confirmation message (issue 28). */
export default function ConfirmEmailPage() {
  return <ConfirmEmailView />;
}
