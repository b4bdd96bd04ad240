import { Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';

/** The first columns of the completion lists: the project (name over code) and its owner. */
export function projectColumns<T extends { name: string; code: string; ownerName: string }>(
  t: TFunction,
): TableColumnsType<T> {
  return [
    {
      key: 'project',
      title: t('completion.field.project'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.name}</span>
          <Typography.Text type="secondary">{row.code}</Typography.Text>
        </Space>
      ),
    },
    { key: 'ownerName', dataIndex: 'ownerName', title: t('completion.field.owner') },
  ];
}
