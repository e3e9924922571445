import { useLocation } from 'react-router';
import { RequireUser } from '../features/auth';
import { GiftRedeem } from '../features/account/GiftRedeem';

/** /gift#<code> (issue 59): the code rides in the fragment, which no request sends to a server. */
export default function GiftPage() {
  const { hash } = useLocation();
  let code = '';
  try {
    code = decodeURIComponent(hash.replace(/^#/, '')).trim().slice(0, 64);
  } catch {
    code = '';
  }
  return (
    <RequireUser>
      <GiftRedeem code={code} />
    </RequireUser>
  );
}
