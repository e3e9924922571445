import { useLocation } from 'react-router';
import { RequireUser } from '../features/auth';
import { GiftRedeem } from '../features/account/GiftRedeem';

/** The code of `/gift#<code>`; '' when the fragment is not decodable. */
function codeOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim().slice(0, 64);
  } catch {
    return '';
  }
}

/** /gift#<code> (issue 59): the code rides in the fragment, which no request sends to a server. */
export default function GiftPage() {
  const { hash } = useLocation();
  return (
    <RequireUser>
      <GiftRedeem code={codeOf(hash)} />
    </RequireUser>
  );
}
