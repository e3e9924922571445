import { RegisterForm } from '../features/account/RegisterForm';

/** /register, with ?invite_code= prefilling the invitation code (spec section 2). */
export default function RegisterPage() {
  return <RegisterForm />;
}
