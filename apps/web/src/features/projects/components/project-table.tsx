import { DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PROJECT_ACTIONS, PROJECT_DETAIL_READERS, projectActionsAllowed } from '@lvb/contracts/project-workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import type { SelectProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DeleteLink } from '@/shared/components/list-kit/list-parts';
import { ProjectsTable, useProjectColumns } from '@/shared/components/project-fields';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { FIRST_PAGE, type PageState } from '@/shared/components/pagination-bar';
import { useHallOptions } from '@/shared/api/hall-options';
import { downloadGet } from '@/shared/lib/download';
import { usePermission } from '@/shared/lib/permission';
import { useSession } from '@/shared/lib/session';
import {
  projectOwnersQuery,
  projectsQuery,
  removeProject,
  type ProjectFilters,
  type ProjectListKind,
  type ProjectRow,
} from '../api/projects';
import { useDictOptions } from '@/shared/lib/dict-options';
import { ProjectDetailDrawer } from './project-detail';
import { ProjectForm } from './project-form';

type SearchValues = Omit<ProjectFilters, 'beginTime' | 'endTime'> & {
  dates?: [Dayjs | null, Dayjs | null] | null;
};

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
  const { t } = useTranslation();
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
  const client = useQueryClient();
  const session = useSession();
  const canOpen = usePermission().hasPermission(PROJECT_DETAIL_READERS);

  const search = ({ dates, keyword, ...chosen }: SearchValues) => {
    setFilters({
      ...chosen,
      keyword: keyword?.trim() || undefined,
      beginTime: dates?.[0]?.format('YYYY-MM-DD'),
      endTime: dates?.[1]?.format('YYYY-MM-DD'),
    });
    setPage((p) => ({ ...p, page: 1 }));
  };

  const c = useProjectColumns<ProjectRow>();
  const columns: ColumnsType<ProjectRow> = [
    c.code,
    {
      title: t('projects.field.name'),
      dataIndex: 'name',
      width: 260,
      ellipsis: { showTitle: true },
      render: (name: string, row) =>
        canOpen ? (
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', maxWidth: '100%' }}
            onClick={() => setDetailId(row.id)}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
          </Button>
        ) : (
          name
        ),
    },
    c.status,
    ...(byOwner ? [c.owner] : []),
    c.type,
    c.place,
    c.budget,
    c.model,
    c.bidDeadline,
    {
      title: t('projects.operations'),
      key: 'ops',
      width: editable ? 150 : 90,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {canOpen ? (
            <Button type="link" size="small" onClick={() => setDetailId(row.id)}>
              {kind === 'pending' ? t('projects.audit') : t('projects.view')}
            </Button>
          ) : null}
          {editable && projectActionsAllowed(row.status, session).includes('remove') ? (
            <DeleteLink
              permissions={PROJECT_ACTIONS.remove.permissions}
              name={row.name}
              onDelete={async () => {
                await removeProject(row.id);
                await client.invalidateQueries({ queryKey: ['projects'] });
              }}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  /** A filter of the search form, named by its label. */
  const choice = (name: keyof SearchValues, label: string, options: SelectProps['options'], minWidth: number) => (
    <Form.Item name={name}>
      <Select allowClear placeholder={label} aria-label={label} options={options} style={{ minWidth }} />
    </Form.Item>
  );

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
        {kind === 'all' ? choice('status', t('projects.field.status'), statuses.options, 140) : null}
        {choice(
          'typeId',
          t('projects.field.type'),
          options.types.map((x) => ({ value: x.id, label: x.label })),
          120,
        )}
        <Form.Item name="placeId">
          <LabelTreeSelect options={options.places} placeholder={t('projects.field.place')} style={{ minWidth: 140 }} />
        </Form.Item>
        {choice('model', t('projects.field.model'), models.options, 160)}
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
      <ProjectsTable<ProjectRow>
        list={list}
        page={page}
        onPage={setPage}
        columns={columns}
        // Every column has its width, so long names keep their ellipsis and the table scrolls sideways.
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
        emptyText={t('projects.none')}
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
