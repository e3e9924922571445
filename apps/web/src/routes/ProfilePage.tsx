import { ProfileView } from '../features/account/ProfileView';
import { YourDataSection } from '../features/data-rights';

/** /profile (spec section 2), wrapped in the login guard by App.tsx; "Your data" (issue 43) at its end. */
export default function ProfilePage() {
  return <ProfileView yourData={<YourDataSection />} />;
}
