import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../app/paths';

/** Athletes: the athlete table with rosters, import and export (athletes issue). */
export default function AthletesPage() {
  return <PageFrame title={paths.home.athletes.label} />;
}
