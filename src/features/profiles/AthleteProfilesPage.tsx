import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../lib/paths';

/** Athlete Profiles: index snapshots per athlete (profiles issue). */
export default function AthleteProfilesPage() {
  return <PageFrame title={paths.home.athleteProfiles.label} />;
}
