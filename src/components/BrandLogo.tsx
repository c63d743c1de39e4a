import { Flex, Typography } from 'antd';
import { brand } from '../lib/brand';

interface BrandMarkProps {
  size?: number;
}

/** The Splitline mark: a finish gate with three speed lines (the favicon draws the same). */
export function BrandMark({ size = 28 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill={brand.primaryColor} />
      <g stroke="#fff" strokeLinecap="round">
        <path d="M23.5 7v18" strokeWidth="2.6" />
        <path d="M7 11h12M10.5 16H19M7 21h12" strokeWidth="2.4" />
      </g>
    </svg>
  );
}

interface BrandLogoProps {
  /** Only the mark, for the collapsed menu. */
  compact?: boolean;
  size?: number;
}

/**
 * The logo: the mark with the product name, or the mark alone when `compact`.
 *
 * @example
 * <BrandLogo compact={collapsed} />
 */
export function BrandLogo({ compact = false, size = 28 }: BrandLogoProps) {
  return (
    <Flex align="center" gap={10} role="img" aria-label={brand.name}>
      <BrandMark size={size} />
      {!compact && (
        <Typography.Text
          strong
          style={{ fontSize: size * 0.64, letterSpacing: '-0.01em' }}
          aria-hidden="true"
        >
          {brand.name}
        </Typography.Text>
      )}
    </Flex>
  );
}
