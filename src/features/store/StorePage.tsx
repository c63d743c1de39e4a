import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../lib/paths';

/** Store: athlete spots, credit and order history (store issue). */
export default function StorePage() {
  return <PageFrame title={paths.home.store.label} />;
}
