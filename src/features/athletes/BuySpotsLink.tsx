import { Link } from 'react-router';
import { Permitted } from '../../components/Permitted';
import { paths } from '../../lib/paths';

/** The way to more athlete spots: the Store for an owner, an owner for everyone else. */
export function BuySpotsLink() {
  return (
    <Permitted
      call="GET /api/store"
      action="buy athlete spots"
      denied="hide"
      fallback="An owner of this workspace can buy more athlete spots in the Store."
    >
      <Link to={paths.home.store.path}>Buy more athlete spots in the Store</Link>
    </Permitted>
  );
}
