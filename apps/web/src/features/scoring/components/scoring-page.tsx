import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { scoringListQuery, type ScoringRow, type ScoringTab } from '../api/scoring-list';
import { ScoringDetailView } from './scoring-detail';

const TABS: ScoringTab[] = ['scoring', 'finalised'];

/**
 * `mandraw/score`: the best-value projects of the owner organisation or of a panel the caller sits
 * on, being scored (or waiting for their opening) or finalised; `?project=<id>` shows one project's
 * scoring.
 */
export default function ScoringPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState<ScoringTab>('scoring');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const statuses = useDict('project_status');
  const projectId = Number(search.get('project')) || null;
  const list = useQuery({
    ...scoringListQuery(tab, keyword, { pageNum: page.page, pageSize: page.limit }),
    enabled: !projectId,
  });

  const show = (id: number | null) => setSearch(id ? { project: String(id) } : {});
  if (projectId) return <ScoringDetailView projectId={projectId} onBack={() => show(null)} />;

  const columns: ColumnsType<ScoringRow> = [
    { title: t('scoring.column.code'), dataIndex: 'code', width: 170 },
    { title: t('scoring.column.name'), dataIndex: 'name', ellipsis: true },
    { title: t('scoring.column.owner'), dataIndex: 'ownerName', width: 160, ellipsis: true },
    {
      title: t('scoring.column.status'),
      dataIndex: 'status',
      width: 120,
      render: (v: string) => <DictTag options={statuses.data} value={v} />,
    },
    { title: t('scoring.column.opening'), dataIndex: 'openingAt', width: 150, render: (v: string) => formatTime(v) },
    {
      title: t('scoring.column.openedAt'),
      dataIndex: 'openedAt',
      width: 150,
      render: (v: string | null) => (v ? formatTime(v) : t('scoring.notOpened')),
    },
    {
      title: t('scoring.column.panel'),
      key: 'panel',
      width: 200,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.panelSize
            ? t('scoring.progress', { submitted: row.submitted, size: row.panelSize })
            : t('scoring.noPanel')}
          {row.member ? <Tag color="blue">{t('scoring.onPanel')}</Tag> : null}
          {row.mySubmitted ? <Tag color="green">{t('scoring.youSubmitted')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('scoring.column.finalisedAt'),
      dataIndex: 'finalisedAt',
      width: 150,
      render: (v: string | null) => formatTime(v),
    },
    {
      title: t('scoring.column.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => show(row.projectId)}>
          {t('scoring.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card className="page-card" title={t('scoring.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as ScoringTab);
          setPage(FIRST_PAGE);
        }}
        items={TABS.map((key) => ({ key, label: t(`scoring.tab.${key}`) }))}
      />
      <Input.Search
        allowClear
        placeholder={t('scoring.keyword')}
        aria-label={t('scoring.keyword')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(FIRST_PAGE);
        }}
      />
      <Table<ScoringRow>
        rowKey="projectId"
        data-testid="scoring-projects"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('scoring.none') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
    </Card>
  );
}
