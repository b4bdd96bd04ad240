import { Tag, Typography } from 'antd';
import type { LiveRole } from '@lvb/contracts/live';
import { useTranslation } from 'react-i18next';

/** A hash or seed as published: monospace, wrapped anywhere, copyable. */
export function Hash({ value, testId }: { value: string; testId?: string }) {
  return (
    <Typography.Text code copyable className="live-page__hash" data-testid={testId}>
      {value}
    </Typography.Text>
  );
}

/** A receipt hash shortened to its ends; the whole hash is its tooltip and what is copied. */
export function ShortHash({ value }: { value: string }) {
  const short = value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-8)}` : value;
  return (
    <Typography.Text code copyable={{ text: value }} title={value} style={{ whiteSpace: 'nowrap' }}>
      {short}
    </Typography.Text>
  );
}

const ROLE_COLOURS: Record<LiveRole, string> = {
  owner: 'blue',
  supervisor: 'purple',
  staff: 'default',
  bidder: 'cyan',
};

/** How someone takes part: owner, supervisor, staff or bidder. */
export function RoleTag({ role }: { role: LiveRole }) {
  const { t } = useTranslation();
  return <Tag color={ROLE_COLOURS[role]}>{t(`live.role.${role}`)}</Tag>;
}
