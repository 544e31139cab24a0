import { ProfilePage } from '../../features/profile/components/profile-page';
import { TemplatesManager } from '../../features/templates/components/templates-manager';

/** The profile with the templates feature's saved replies on its Templates tab. */
export function ProfileRoute() {
  return <ProfilePage templatesTab={<TemplatesManager />} />;
}
