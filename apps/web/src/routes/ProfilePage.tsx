import { ProfileView } from '../features/account/ProfileView';

/** /profile (spec section 2), wrapped in the login guard by App.tsx. */
export default function ProfilePage() {
  return <ProfileView />;
}
