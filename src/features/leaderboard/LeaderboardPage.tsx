import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../app/paths';

/** Leaderboard: one board per split distance (filters and live TV mode come with the leaderboard issue). */
export default function LeaderboardPage() {
  return <PageFrame title={paths.home.leaderboard.label} />;
}
