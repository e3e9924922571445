import { LoginForm } from '../features/account/LoginForm';

/** /login (spec section 2). */
export default function LoginPage() {
  return <LoginForm />;
}
