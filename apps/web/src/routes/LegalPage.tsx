import type { LegalKind } from '@inkstream/contracts/constants';
import { LegalPage as LegalScreen } from '../features/legal/LegalPage';

/** `/privacy` and `/terms` (issue 43): server-rendered like the contact page, in the reader's language. */
export default function LegalPage({ kind }: { kind: LegalKind }) {
  return <LegalScreen kind={kind} />;
}
