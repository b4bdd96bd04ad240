import { FileOutlined } from '@ant-design/icons';
import type { hallRow } from '@lvb/contracts/project-rows';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Card, Empty, List, Space, Table } from 'antd';
import type { DescriptionsProps, TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Paged } from '@/shared/api/paged-list';
import { PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { useProjectFactItems, type ProjectShown } from '@/shared/components/project-fact-items';
import { useDict } from '@/shared/lib/dict';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';

/**
 * How a project's fields read wherever a project is shown: the back office's lists and detail,
 * the public detail and a supplier's follows. Texts are the `projects.*` keys.
 */

// Staff rows have no sign-up state (the hall's, by the database clock): these fields never need it.
type ProjectListed = Omit<WireOf<typeof hallRow>, 'signup'>;

/** The columns lists of projects share; a page picks and orders them. */
export function useProjectColumns<T extends ProjectListed>() {
  const { t, i18n } = useTranslation();
  const statuses = useDict('project_status');
  const models = useDict('selection_model');
  const columns = {
    code: { title: t('projects.field.code'), dataIndex: 'code', width: 160 },
    owner: { title: t('projects.field.owner'), dataIndex: 'ownerName', width: 160, ellipsis: true },
    type: {
      title: t('projects.field.type'),
      dataIndex: 'typeName',
      width: 120,
      render: (_: unknown, row: T) => localName(i18n.language, row.typeName, row.typeNameZh),
    },
    place: {
      title: t('projects.field.place'),
      dataIndex: 'placeName',
      width: 100,
      ellipsis: true,
      render: (_: unknown, row: T) => localName(i18n.language, row.placeName, row.placeNameZh),
    },
    budget: {
      title: t('projects.field.budget'),
      dataIndex: 'budget',
      width: 140,
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    model: {
      title: t('projects.field.model'),
      dataIndex: 'model',
      width: 170,
      render: (v: number) => <DictTag options={models.data} value={String(v)} />,
    },
    status: {
      title: t('projects.field.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: string) => <DictTag options={statuses.data} value={v} />,
    },
    bidDeadline: {
      title: t('projects.field.bidDeadline'),
      dataIndex: 'bidDeadline',
      width: 150,
      render: (v: string) => formatTime(v),
    },
  } satisfies Record<string, ColumnType<T>>;
  return columns;
}

/** The facts of a project's detail (project-fact-items.tsx) for antd's Descriptions. */
export function useProjectFacts(): (p: ProjectShown) => NonNullable<DescriptionsProps['items']> {
  return useProjectFactItems(DictTag);
}

/** A project's documents, each with its download. */
export function ProjectDocuments({
  documents,
  download,
  size,
}: {
  documents: ProjectShown['documents'];
  download: (document: ProjectShown['documents'][number]) => Promise<unknown>;
  size?: 'small';
}) {
  const { t } = useTranslation();
  return (
    <Card size={size} title={t('projects.field.documents')}>
      {documents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.info.noDocuments')} />
      ) : (
        <List
          size={size}
          dataSource={documents}
          renderItem={(d) => (
            <List.Item
              actions={[
                <Button key="download" type="link" onClick={() => void download(d).catch(() => undefined)}>
                  {t('projects.download')}
                </Button>,
              ]}
            >
              <Space>
                <FileOutlined />
                <span>{d.originalName}</span>
                <span className="muted">{(d.size / 1024).toFixed(1)} KB</span>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

interface ProjectsTableProps<T> extends Pick<TableProps<T>, 'columns' | 'scroll'> {
  list: { data?: Paged<T>; isFetching: boolean };
  page: PageState;
  onPage: (next: PageState) => void;
  /** What the page says when it has no project to list. */
  emptyText: string;
  testId?: string;
}

/** A page of projects and its pager; the page stays where it is when the pager moves. */
export function ProjectsTable<T extends ProjectListed>({
  list,
  page,
  onPage,
  emptyText,
  testId,
  ...table
}: ProjectsTableProps<T>) {
  return (
    <>
      <Table<T>
        rowKey="id"
        size="middle"
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText }}
        data-testid={testId}
        {...table}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={onPage} autoScroll={false} />
    </>
  );
}
