import { ProfilePage } from '@/features/profile/components/profile-page';
import { LazyCertificatesCard } from './lazy-certificates-card';

/**
 * `/user/profile`: the user's details, and for an employee the certificates bound to them
 * (DESIGN §9; suppliers bind theirs on the company page). Composed here: features do not import
 * each other.
 */
export function ProfileWithCertificates() {
  return <ProfilePage certificates={<LazyCertificatesCard />} />;
}
