import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A project as the statistics lists show it: its name, its code under it. */
export const projectCell = (name: string, code: string) => (
  <Space orientation="vertical" size={0}>
    <span>{name}</span>
    <Typography.Text type="secondary">{code}</Typography.Text>
  </Space>
);

/** A value with a second, quieter line under it (a time and its days, a price and its words). */
export const twoLines = (first: ReactNode, second: ReactNode, secondLang?: string) => (
  <Space orientation="vertical" size={0}>
    <span>{first}</span>
    <Typography.Text type="secondary" style={{ fontSize: 12 }} lang={secondLang}>
      {second}
    </Typography.Text>
  </Space>
);
