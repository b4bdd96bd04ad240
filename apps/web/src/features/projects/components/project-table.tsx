import { DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useHallOptions } from '@/shared/api/hall-options';
import { downloadGet } from '@/shared/lib/download';
import {
  projectOwnersQuery,
  projectsQuery,
  type ProjectFilters,
  type ProjectListKind,
  type ProjectRow,
} from '../api/projects';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';
import { ProjectDetailDrawer } from './project-detail';
import { ProjectForm } from './project-form';

interface SearchValues {
  keyword?: string;
  status?: string;
  typeId?: number;
  placeId?: number;
  model?: number;
  ownerDeptId?: number;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

interface ProjectTableProps {
  title: string;
  kind: ProjectListKind;
  /** Export permission strings; none hides the export. */
  exportPermissions?: readonly string[];
  /** Owners create and edit drafts. */
  editable?: boolean;
}

/** The project lists of the back office: search form, table, paging, detail drawer. */
export function ProjectTable({ title, kind, exportPermissions, editable }: ProjectTableProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<ProjectFilters>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const options = useHallOptions();
  const statuses = useDictOptions('project_status');
  const models = useDictOptions('selection_model', true);
  const list = useQuery(projectsQuery(kind, filters, { pageNum: page.page, pageSize: page.limit }));
  // The query page (every project in the caller's scope) filters by owner too.
  const byOwner = kind === 'all' && !editable;
  const owners = useQuery({ ...projectOwnersQuery(), enabled: byOwner });

  const search = (v: SearchValues) => {
    setFilters({
      keyword: v.keyword?.trim() || undefined,
      status: v.status,
      typeId: v.typeId,
      placeId: v.placeId,
      model: v.model,
      ownerDeptId: v.ownerDeptId,
      beginTime: v.dates?.[0]?.format('YYYY-MM-DD'),
      endTime: v.dates?.[1]?.format('YYYY-MM-DD'),
    });
    setPage((p) => ({ ...p, page: 1 }));
  };

  const columns: ColumnsType<ProjectRow> = [
    { title: t('projects.field.code'), dataIndex: 'code', width: 160 },
    {
      title: t('projects.field.name'),
      dataIndex: 'name',
      width: 260,
      ellipsis: { showTitle: true },
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', maxWidth: '100%' }}
          onClick={() => setDetailId(row.id)}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
        </Button>
      ),
    },
    {
      title: t('projects.field.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: string) => <DictTag options={statuses.dict} value={v} />,
    },
    ...(byOwner ? [{ title: t('projects.field.owner'), dataIndex: 'ownerName', width: 160, ellipsis: true }] : []),
    {
      title: t('projects.field.type'),
      dataIndex: 'typeName',
      width: 120,
      render: (_: string, row: ProjectRow) => localName(i18n.language, row.typeName, row.typeNameZh),
    },
    {
      title: t('projects.field.place'),
      dataIndex: 'placeName',
      width: 100,
      ellipsis: true,
      render: (_: string, row: ProjectRow) => localName(i18n.language, row.placeName, row.placeNameZh),
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
      width: 180,
      render: (v: number) => <DictTag options={models.dict} value={String(v)} />,
    },
    {
      title: t('projects.field.bidDeadline'),
      dataIndex: 'bidDeadline',
      width: 150,
      render: (v: string) => formatTime(v),
    },
    {
      title: t('projects.operations'),
      key: 'ops',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setDetailId(row.id)}>
          {kind === 'pending' ? t('projects.audit') : t('projects.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card className="page-card" title={title}>
      <Form form={form} layout="inline" onFinish={search} className="hall-filters" style={{ rowGap: 8 }}>
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('projects.keywordPlaceholder')}
            aria-label={t('projects.keywordPlaceholder')}
          />
        </Form.Item>
        {kind === 'all' ? (
          <Form.Item name="status">
            <Select
              allowClear
              placeholder={t('projects.field.status')}
              options={statuses.options}
              style={{ minWidth: 140 }}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="typeId">
          <Select
            allowClear
            placeholder={t('projects.field.type')}
            options={options.types.map((x) => ({ value: x.id, label: x.label }))}
            style={{ minWidth: 120 }}
          />
        </Form.Item>
        <Form.Item name="placeId">
          <LabelTreeSelect options={options.places} placeholder={t('projects.field.place')} style={{ minWidth: 140 }} />
        </Form.Item>
        <Form.Item name="model">
          <Select
            allowClear
            placeholder={t('projects.field.model')}
            options={models.options}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
        {byOwner ? (
          <Form.Item name="ownerDeptId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('projects.field.owner')}
              aria-label={t('projects.field.owner')}
              options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              style={{ minWidth: 160 }}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="dates">
          <DatePicker.RangePicker
            placeholder={[t('projects.createdFrom'), t('projects.createdTo')]}
            aria-label={t('projects.createdFrom')}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('projects.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        {editable ? (
          <Authorized permissions={['project:item:add']}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('projects.create')}
            </Button>
          </Authorized>
        ) : null}
        {exportPermissions ? (
          <Authorized permissions={exportPermissions}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadGet('/api/projects/export', { ...filters }, 'projects.xlsx').catch(() => undefined)
              }
            >
              {t('projects.export')}
            </Button>
          </Authorized>
        ) : null}
      </Space>
      <Table<ProjectRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={false}
        // Every column has its width, so long names keep their ellipsis and the table scrolls sideways.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
        locale={{ emptyText: t('projects.none') }}
      />
      <PaginationBar
        page={page.page}
        limit={page.limit}
        total={list.data?.total ?? 0}
        onChange={setPage}
        autoScroll={false}
      />
      <ProjectDetailDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        onEdit={editable ? (id) => setEditing({ id }) : undefined}
      />
      {editable ? (
        <ProjectForm
          open={!!editing}
          id={editing?.id}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            setDetailId(id);
          }}
        />
      ) : null}
    </Card>
  );
}
