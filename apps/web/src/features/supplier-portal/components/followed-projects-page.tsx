import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProjectsTable, useProjectColumns } from '@/shared/components/project-fields';
import { FIRST_PAGE, type PageState } from '@/shared/components/pagination-bar';
import { followsQuery, unfollow, type FollowedProject } from '@/shared/api/hall-projects';
import { formatTime } from '@/shared/lib/format';
import { feedback } from '@/shared/lib/notify';
import { LinkButton } from '@/shared/components/link-button';

/** `sup/supItem` and `web/project`: the projects the supplier follows, with unfollow. */
export default function FollowedProjectsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const list = useQuery(followsQuery({ pageNum: page.page, pageSize: page.limit }));
  const remove = useMutation({
    mutationFn: unfollow,
    onSuccess: () => {
      feedback().message.success(t('projects.follow.unfollowed'));
      void client.invalidateQueries({ queryKey: ['follows'] });
    },
  });

  const c = useProjectColumns<FollowedProject>();
  const columns: ColumnsType<FollowedProject> = [
    c.code,
    {
      title: t('projects.field.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, row) => <Link to={`/iteminfo?id=${row.id}`}>{name}</Link>,
    },
    { ...c.owner, width: undefined },
    c.type,
    c.budget,
    c.model,
    c.status,
    c.bidDeadline,
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
          // A refusal has been shown by the request wrapper.
          onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
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
        <LinkButton to="/hall" type="primary">
          {t('projects.follow.findMore')}
        </LinkButton>
      }
    >
      <ProjectsTable<FollowedProject>
        list={list}
        page={page}
        onPage={setPage}
        columns={columns}
        scroll={{ x: 1200 }}
        emptyText={t('projects.follow.none')}
        testId="followed-projects"
      />
    </Card>
  );
}
