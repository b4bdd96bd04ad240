import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { followsQuery, unfollow, type FollowedProject } from '@/shared/api/hall-projects';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';
import { useDict } from '@/shared/lib/dict';
import { feedback } from '@/shared/lib/notify';

/** `sup/supItem` and `web/project`: the projects the supplier follows, with unfollow. */
export default function FollowedProjectsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const list = useQuery(followsQuery({ pageNum: page.page, pageSize: page.limit }));
  const statuses = useDict('project_status');
  const models = useDict('selection_model');
  const remove = useMutation({
    mutationFn: unfollow,
    onSuccess: () => {
      feedback().message.success(t('projects.follow.unfollowed'));
      void client.invalidateQueries({ queryKey: ['follows'] });
    },
  });

  const columns: ColumnsType<FollowedProject> = [
    { title: t('projects.field.code'), dataIndex: 'code', width: 150 },
    {
      title: t('projects.field.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, row) => <Link to={`/iteminfo?id=${row.id}`}>{name}</Link>,
    },
    { title: t('projects.field.owner'), dataIndex: 'ownerName', ellipsis: true },
    {
      title: t('projects.field.type'),
      dataIndex: 'typeName',
      width: 100,
      render: (_, row) => localName(i18n.language, row.typeName, row.typeNameZh),
    },
    {
      title: t('projects.field.budget'),
      dataIndex: 'budget',
      width: 140,
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    {
      title: t('projects.field.model'),
      dataIndex: 'model',
      width: 150,
      render: (v: number) => <DictTag options={models.data} value={String(v)} />,
    },
    {
      title: t('projects.field.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: string) => <DictTag options={statuses.data} value={v} />,
    },
    {
      title: t('projects.field.bidDeadline'),
      dataIndex: 'bidDeadline',
      width: 150,
      render: (v: string) => formatTime(v),
    },
    {
      title: t('projects.follow.followedAt'),
      dataIndex: 'followedAt',
      width: 150,
      render: (v: string) => formatTime(v),
    },
    {
      title: t('projects.operations'),
      key: 'ops',
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Popconfirm
          title={t('projects.follow.confirmUnfollow', { name: row.name })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => remove.mutateAsync(row.id)}
        >
          <Button type="link" size="small" danger>
            {t('projects.follow.unfollow')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      className="page-card"
      title={t('projects.pages.followed')}
      extra={
        <Link to="/hall">
          <Button type="primary">{t('projects.follow.findMore')}</Button>
        </Link>
      }
    >
      <Table<FollowedProject>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('projects.follow.none') }}
        data-testid="followed-projects"
      />
      <PaginationBar
        page={page.page}
        limit={page.limit}
        total={list.data?.total ?? 0}
        onChange={setPage}
        autoScroll={false}
      />
    </Card>
  );
}
