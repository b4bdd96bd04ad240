import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Segmented, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { openingsQuery, type OpeningModel, type OpeningRow, type OpeningTab } from '../api/openings-list';
import { OpeningDetailView } from './opening-detail';

const TABS: OpeningTab[] = ['closed', 'due', 'opened'];

/**
 * `mandraw/opening`: the price-competition or best-value projects whose bidding closed, that are
 * due to open, or opened; `?project=<id>` shows one project's opening and its record (a link that
 * can be shared and printed).
 */
export default function OpeningsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState<OpeningTab>('due');
  const [model, setModel] = useState<OpeningModel>(2);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const statuses = useDict('project_status');
  const projectId = Number(search.get('project')) || null;
  const list = useQuery({
    ...openingsQuery(model, tab, keyword, { pageNum: page.page, pageSize: page.limit }),
    enabled: !projectId,
  });

  const show = (id: number | null) => setSearch(id ? { project: String(id) } : {});
  if (projectId) return <OpeningDetailView projectId={projectId} onBack={() => show(null)} />;

  const columns: ColumnsType<OpeningRow> = [
    { title: t('opening.column.code'), dataIndex: 'code', width: 170 },
    { title: t('opening.column.name'), dataIndex: 'name', ellipsis: true },
    { title: t('opening.column.owner'), dataIndex: 'ownerName', width: 160, ellipsis: true },
    {
      title: t('opening.column.status'),
      dataIndex: 'status',
      width: 120,
      render: (v: string) => <DictTag options={statuses.data} value={v} />,
    },
    { title: t('opening.column.deadline'), dataIndex: 'bidDeadline', width: 150, render: (v: string) => formatTime(v) },
    { title: t('opening.column.opening'), dataIndex: 'openingAt', width: 150, render: (v: string) => formatTime(v) },
    {
      title: t('opening.column.witnesses'),
      key: 'witnesses',
      width: 200,
      render: (_, row) =>
        row.witnesses.length
          ? row.witnesses
              .map((w) => t('opening.witnessedAt', { name: w.name, time: formatTime(w.signedAt) }))
              .join('; ')
          : t('opening.noWitness'),
    },
    {
      title: t('opening.column.openedAt'),
      dataIndex: 'openedAt',
      width: 150,
      render: (v: string | null) => formatTime(v),
    },
    {
      title: t('opening.column.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => show(row.projectId)}>
          {t('opening.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card className="page-card" title={t('opening.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as OpeningTab);
          setPage(FIRST_PAGE);
        }}
        items={TABS.map((key) => ({ key, label: t(`opening.tab.${key}`) }))}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<OpeningModel>
          aria-label={t('opening.modelLabel')}
          value={model}
          onChange={(value) => {
            setModel(value);
            setPage(FIRST_PAGE);
          }}
          options={([2, 3] as const).map((value) => ({ value, label: t(`opening.model.${value}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('opening.keyword')}
          aria-label={t('opening.keyword')}
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(FIRST_PAGE);
          }}
        />
      </Space>
      <Table<OpeningRow>
        rowKey="projectId"
        data-testid="openings"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('opening.none') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
    </Card>
  );
}
