import { SignInFinishView } from '../features/account/SignInFinishView';

/** /sign-in/finish#result=…: the end of a sign-in with an OpenID provider (issue 60). */
export default function SignInFinishPage() {
  return <SignInFinishView />;
}
