import { Flex } from 'antd';
import { AthleteSpots, CoachLogo } from './AccountSummary';
import { UserMenu } from './UserMenu';

/** The header's right-hand part: the coach's logo, athlete spots and the user menu. */
export function AccountSummaryHeader() {
  return (
    <Flex align="center" gap={16} style={{ flex: 1, minWidth: 0 }}>
      {/* Shrinks first: the logo gives way to the spots and the account menu. */}
      <Flex style={{ minWidth: 0, flexShrink: 1, overflow: 'hidden' }}>
        <CoachLogo />
      </Flex>
      <Flex
        align="center"
        gap={12}
        className="no-print"
        style={{ marginInlineStart: 'auto', flexShrink: 0 }}
      >
        <AthleteSpots />
        <UserMenu />
      </Flex>
    </Flex>
  );
}
