import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Radio, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useIsMobile } from '@/shared/lib/app-state';
import { dictLabel, useDict } from '@/shared/lib/dict';
import { request } from '@/shared/lib/request';
import {
  cleanQuery,
  confirmAction,
  formatTime,
  mutate,
  useInvalidate,
  usePagedList,
  type DataAnswer,
} from '@/shared/lib/list';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { AddButton, ExportButton, ListFrame, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import '@/shared/styles/listings.css';

// The editor is large; it loads only when a notice is written.
const RichTextEditor = lazy(() => import('@/shared/components/rich-text-editor'));

const URL = '/api/system/notices';
const can = (action: string) => [`system:notice:${action}`];
const AUDIENCES = ['all', 'suppliers', 'staff'] as const;
type Audience = (typeof AUDIENCES)[number];

interface NoticeRow {
  id: number;
  title: string;
  noticeType: string;
  audience: Audience;
  status: '0' | '1';
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}
interface NoticeDetail extends NoticeRow {
  content: string;
}
interface NoticeForm {
  title: string;
  noticeType: string;
  audience: Audience;
  status: '0' | '1';
  content: string;
}
interface SearchValues {
  title?: string;
  noticeType?: string;
  status?: string;
}

const loadNotice = async (id: number) => (await request<DataAnswer<NoticeDetail>>(`${URL}/${id}`)).data;

/** system/notice: notices with rich text for everyone, suppliers or staff, sanitised on the server. */
export default function NoticesPage() {
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const invalidate = useInvalidate();
  const types = useDict('notice_type');
  const states = useDict('sys_notice_status');
  const [searchForm] = Form.useForm<SearchValues>();
  const [filter, setFilter] = useState<SearchValues>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [showSearch, setShowSearch] = useState(() => !mobile);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<NoticeDetail | 'new' | null>(null);
  const [viewing, setViewing] = useState<NoticeDetail | null>(null);
  const query = cleanQuery({ ...filter });
  const list = usePagedList<NoticeRow>(URL, query, page);
  // The notices people see (`/api/notices/mine`) change with every edit here.
  const refresh = () => invalidate(URL, 'notices');

  const remove = (ids: Key[], name: string) =>
    confirmAction(t('admin.confirmDelete', { name }), async () => {
      await mutate('DELETE', `${URL}/${ids.join(',')}`);
      setSelected([]);
      await refresh();
    });

  const columns: TableColumnsType<NoticeRow> = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('notices.title'),
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('notices.type'),
      render: (_, r) => <DictTag options={types.data} value={r.noticeType} />,
    },
    {
      key: 'audience',
      title: t('notices.audience'),
      render: (_, r) => <Tag>{t(`notices.audiences.${r.audience}`)}</Tag>,
    },
    { key: 'status', title: t('admin.status'), render: (_, r) => <DictTag options={states.data} value={r.status} /> },
    { key: 'author', dataIndex: 'createdByName', title: t('notices.author') },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('admin.createdAt'), render: (v: string) => formatTime(v) },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, r) => (
        <Space size={0} wrap>
          <Authorized permissions={can('query')}>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => void loadNotice(r.id).then(setViewing, () => undefined)}
            >
              {t('notices.preview')}
            </Button>
          </Authorized>
          <Authorized permissions={can('edit')}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => void loadNotice(r.id).then(setEditing, () => undefined)}
            >
              {t('common.edit')}
            </Button>
          </Authorized>
          <Authorized permissions={can('remove')}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([r.id], r.title)}>
              {t('admin.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <ListFrame testId="notices-page">
      <SearchForm
        form={searchForm}
        hidden={!showSearch}
        onSearch={(v) => {
          setFilter({ ...v, title: v.title?.trim() });
          setPage((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setFilter({});
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="title" label={t('notices.title')}>
          <Input allowClear placeholder={t('notices.title')} style={{ width: 200 }} maxLength={200} />
        </Form.Item>
        <Form.Item name="noticeType" label={t('notices.type')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('notices.type')}
            options={(types.data ?? []).map((o) => ({ value: o.dictValue, label: dictLabel(o, i18n.language) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('admin.status')}
            options={(states.data ?? []).map((o) => ({ value: o.dictValue, label: dictLabel(o, i18n.language) }))}
          />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={refresh} onToggleSearch={() => setShowSearch((s) => !s)}>
        <AddButton permissions={can('add')} onClick={() => setEditing('new')} />
        <Authorized permissions={can('remove')}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() => remove(selected, t('notices.selectedCount', { count: selected.length }))}
          >
            {t('admin.delete')}
          </Button>
        </Authorized>
        <ExportButton permissions={can('export')} url={URL} query={query} fileName={'notices.xlsx'} />
      </Toolbar>
      <Table<NoticeRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
      <NoticeDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          if (editing === 'new') await mutate('POST', URL, body);
          else if (editing) await mutate('PUT', `${URL}/${editing.id}`, body);
          await refresh();
        }}
      />
      <Modal
        open={viewing !== null}
        title={viewing?.title}
        footer={null}
        width={mobile ? '100%' : 800}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing ? (
          <div data-testid="notice-preview">
            <Space wrap style={{ marginBottom: 12 }}>
              <DictTag options={types.data} value={viewing.noticeType} />
              <Tag>{t(`notices.audiences.${viewing.audience}`)}</Tag>
              <span className="muted">{formatTime(viewing.createdAt)}</span>
            </Space>
            {/* Stored HTML, sanitised by the server on save. */}
            <div className="notice-content" dangerouslySetInnerHTML={{ __html: viewing.content }} />
          </div>
        ) : null}
      </Modal>
    </ListFrame>
  );
}

/** The lazily loaded editor as a form control (Form.Item hands value/onChange to its direct child). */
function ContentField(props: { value?: string; onChange?: (html: string) => void; placeholder?: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

function NoticeDialog({
  editing,
  onClose,
  onSubmit,
}: {
  editing: NoticeDetail | 'new' | null;
  onClose: () => void;
  onSubmit: (body: NoticeForm) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<NoticeForm>();
  const types = useDict('notice_type');
  const row = editing && editing !== 'new' ? editing : undefined;
  return (
    <FormDialog<NoticeForm>
      open={editing !== null}
      title={row ? t('notices.editTitle') : t('notices.addTitle')}
      form={form}
      name="notice"
      width={860}
      initialValues={row ?? { noticeType: 'notification', audience: 'all', status: '0', content: '' }}
      onClose={onClose}
      onSubmit={(v) => onSubmit({ ...v, title: v.title.trim() })}
    >
      <Form.Item
        name="title"
        label={t('notices.title')}
        rules={[{ required: true, whitespace: true, message: t('notices.titleRequired') }, { max: 200 }]}
      >
        <Input maxLength={200} showCount />
      </Form.Item>
      <Space wrap size="large" align="start">
        <Form.Item name="noticeType" label={t('notices.type')} rules={[{ required: true }]}>
          <Select
            style={{ width: 180 }}
            options={(types.data ?? []).map((o) => ({ value: o.dictValue, label: dictLabel(o, i18n.language) }))}
          />
        </Form.Item>
        <Form.Item name="audience" label={t('notices.audience')}>
          <Radio.Group
            optionType="button"
            options={AUDIENCES.map((a) => ({ value: a, label: t(`notices.audiences.${a}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Radio.Group
            options={[
              { value: '0', label: t('notices.published') },
              { value: '1', label: t('notices.closed') },
            ]}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="content"
        label={t('notices.content')}
        rules={[{ required: true, message: t('notices.contentRequired') }]}
      >
        <ContentField placeholder={t('notices.contentPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
