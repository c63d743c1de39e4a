import { Divider, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { Permitted } from '../../components/Permitted';
import { useGetUserQuery } from '../../features/account/userApi';
import { paths } from '../../lib/paths';

/**
 * The workspace's uploaded logo, or its name until there is one (the user's organisation
 * in their own workspace, the workspace's name in another's: issue 34). The logo is
 * at most 36 px high and 160 px wide, and narrower when the header has less room (a
 * phone): its box shrinks and the picture is scaled down inside it, never drawn over the
 * athlete spots beside it.
 */
export function CoachLogo() {
  const { data: user } = useGetUserQuery();
  if (!user) return null;
  const name =
    user.id === user.userId
      ? user.organisation
      : user.workspaces.find((workspace) => workspace.id === user.id)?.name;
  if (user.logoUrl)
    return (
      <img
        src={user.logoUrl}
        alt={`${name || 'Your organisation'} logo`}
        style={{
          height: 36,
          width: 'auto',
          maxWidth: 'min(160px, 100%)',
          minWidth: 0,
          objectFit: 'contain',
          objectPosition: 'left center',
          display: 'block',
        }}
      />
    );
  return name ? (
    <Typography.Text strong ellipsis style={{ maxWidth: 200 }}>
      {name}
    </Typography.Text>
  ) : null;
}

/** Remaining athlete spots with the way to buy more (spec, section 1): the owner's. */
export function AthleteSpots() {
  const { data: user } = useGetUserQuery();
  if (!user) return null;
  const spots = user.athleteSpots;
  return (
    <Flex align="center" style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text>
        <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
          {spots}
        </Typography.Text>{' '}
        athlete {spots === 1 ? 'spot' : 'spots'} left
      </Typography.Text>
      <Permitted call="GET /api/store" action="buy athlete spots" denied="hide">
        <>
          <Divider orientation="vertical" />
          <Link to={paths.home.store.path}>Buy More</Link>
        </>
      </Permitted>
    </Flex>
  );
}
