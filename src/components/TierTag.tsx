import { Tag } from 'antd';
import { TIER_COLOURS, isTierName } from '../lib/indexFormat';

/** A tier's name in its colour ("Elite"); nothing for no tier. */
export function TierTag({ tier }: { tier: string | null | undefined }) {
  if (!tier) return null;
  return (
    <Tag color={isTierName(tier) ? TIER_COLOURS[tier] : 'default'} style={{ marginInlineEnd: 0 }}>
      {tier}
    </Tag>
  );
}
