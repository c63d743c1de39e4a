import { Tag, theme } from 'antd';
import { TIER_COLOURS, isTierName } from './indexFormat';

/** A tier's name in its colour ("Elite"); nothing for no tier. */
export function TierTag({ tier }: { tier: string | null | undefined }) {
  const { token } = theme.useToken();
  if (!tier) return null;
  const colour = isTierName(tier) ? TIER_COLOURS[tier] : 'default';
  // antd writes a preset tag's text in shade 7 of its colour: cyan, green and gold are
  // under 4.5:1 on their own pale background (axe, issue 18). Shade 9 of the same colour
  // reads at 9:1 or more and keeps the tier's colour.
  const text = (token as unknown as Record<string, string | undefined>)[`${colour}9`];
  return (
    <Tag color={colour} style={{ marginInlineEnd: 0, ...(text ? { color: text } : {}) }}>
      {tier}
    </Tag>
  );
}
