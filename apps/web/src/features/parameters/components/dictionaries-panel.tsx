import { DeleteOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { FIRST_PAGE, PaginationBar, type PageState } from '@/shared/components/pagination-bar';
import { useIsMobile } from '@/shared/lib/app-state';
import type { DictOption } from '@/shared/lib/dict';
import { cleanQuery, confirmAction, mutate, useData, useInvalidate, usePagedList } from '@/shared/lib/list';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { AddButton, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import { statusOptions } from '@/shared/lib/list';

const TYPES_URL = '/api/system/dict/types';
const DATA_URL = '/api/system/dict/data';
const can = (action: string) => [`system:dict:${action}`];
const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

interface DictTypeRow {
  id: number;
  dictType: string;
  name: string;
  nameZh: string;
  status: string;
  remark: string | null;
}
interface DictDataRow {
  id: number;
  dictType: string;
  label: string;
  labelZh: string;
  value: string;
  sort: number;
  listClass: (typeof LIST_CLASSES)[number];
  cssClass: string;
  isDefault: 'Y' | 'N';
  status: string;
}
type TypeForm = Omit<DictTypeRow, 'id' | 'remark'> & { remark?: string };
type DataForm = Omit<DictDataRow, 'id' | 'dictType'>;

/** An entry as the app's dictionary tags read it, to preview its look. */
function asOption(value: string, label: string, labelZh: string, listClass: string, cssClass: string): DictOption {
  return { dictValue: value, dictLabel: label, dictLabelZh: labelZh, listClass, cssClass, dictSort: 0, isDefault: 'N' };
}

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return status === '0' ? <Tag color="success">{t('admin.enabled')}</Tag> : <Tag>{t('admin.disabled')}</Tag>;
}

/** Dictionary types, and the entries of one type in a drawer (label, value, order, tag style). */
export function DictionariesPanel() {
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const invalidate = useInvalidate();
  const [searchForm] = Form.useForm<{ dictType?: string; name?: string }>();
  const [filter, setFilter] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [editing, setEditing] = useState<DictTypeRow | 'new' | null>(null);
  const [opened, setOpened] = useState<DictTypeRow | null>(null);
  const list = usePagedList<DictTypeRow>(TYPES_URL, cleanQuery(filter), page);
  // The app reads dictionaries through `dict` queries: a change shows at once in every status tag.
  const refresh = () => invalidate(TYPES_URL, DATA_URL, 'dict');
  const typeName = (r: DictTypeRow) => (i18n.language === 'zh-CN' && r.nameZh ? r.nameZh : r.name);

  const columns: TableColumnsType<DictTypeRow> = [
    { key: 'name', title: t('dicts.typeName'), render: (_, r) => typeName(r) },
    { key: 'dictType', dataIndex: 'dictType', title: t('dicts.type'), render: (v: string) => <code>{v}</code> },
    { key: 'status', title: t('admin.status'), render: (_, r) => <StatusTag status={r.status} /> },
    { key: 'remark', dataIndex: 'remark', title: t('admin.remark') },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setOpened(r)}>
            {t('dicts.entries')}
          </Button>
          <Authorized permissions={can('edit')}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t('common.edit')}
            </Button>
          </Authorized>
          <Authorized permissions={can('remove')}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmAction(t('dicts.confirmDeleteType', { name: r.dictType }), async () => {
                  await mutate('DELETE', `${TYPES_URL}/${r.id}`);
                  await refresh();
                })
              }
            >
              {t('admin.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="dictionaries">
      <SearchForm
        form={searchForm}
        onSearch={(v) => {
          setFilter({ dictType: v.dictType?.trim(), name: v.name?.trim() });
          setPage((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setFilter({});
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="name" label={t('dicts.typeName')}>
          <Input allowClear placeholder={t('dicts.typeName')} style={{ width: 180 }} maxLength={100} />
        </Form.Item>
        <Form.Item name="dictType" label={t('dicts.type')}>
          <Input allowClear placeholder={t('dicts.type')} style={{ width: 180 }} maxLength={100} />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={refresh}>
        <AddButton permissions={can('add')} onClick={() => setEditing('new')} />
      </Toolbar>
      <Table<DictTypeRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <PaginationBar {...page} total={list.data?.total ?? 0} onChange={setPage} />
      <TypeDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          if (editing === 'new') await mutate('POST', TYPES_URL, body);
          else if (editing) await mutate('PUT', `${TYPES_URL}/${editing.id}`, body);
          await refresh();
        }}
      />
      <Drawer
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? t('dicts.entriesOf', { name: typeName(opened) }) : ''}
        size={mobile ? undefined : 'large'}
        width={mobile ? '100%' : undefined}
        destroyOnHidden
      >
        {opened ? <EntriesTable dictType={opened.dictType} onChanged={refresh} /> : null}
      </Drawer>
    </div>
  );
}

function TypeDialog({
  editing,
  onClose,
  onSubmit,
}: {
  editing: DictTypeRow | 'new' | null;
  onClose: () => void;
  onSubmit: (body: TypeForm) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeForm>();
  const row = editing && editing !== 'new' ? editing : undefined;
  return (
    <FormDialog<TypeForm>
      open={editing !== null}
      title={row ? t('dicts.editType') : t('dicts.addType')}
      form={form}
      name="dictType"
      width={520}
      initialValues={row ? { ...row, remark: row.remark ?? undefined } : { status: '0' }}
      onClose={onClose}
      onSubmit={(v) =>
        onSubmit({
          dictType: v.dictType.trim(),
          name: v.name.trim(),
          nameZh: v.nameZh?.trim() ?? '',
          status: v.status,
          remark: v.remark?.trim() || undefined,
        })
      }
    >
      <Form.Item
        name="name"
        label={t('dicts.typeName')}
        rules={[{ required: true, whitespace: true, message: t('dicts.nameRequired') }, { max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="nameZh" label={t('dicts.typeNameZh')} rules={[{ max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="dictType"
        label={t('dicts.type')}
        extra={row ? t('dicts.typeChangeHint') : undefined}
        rules={[
          { required: true, message: t('dicts.typeRequired') },
          { pattern: /^[a-z][a-z0-9_]{1,99}$/, message: t('dicts.typePattern') },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="status" label={t('admin.status')}>
        <Radio.Group options={statusOptions(t)} />
      </Form.Item>
      <Form.Item name="remark" label={t('admin.remark')} rules={[{ max: 255 }]}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormDialog>
  );
}

function EntriesTable({ dictType, onChanged }: { dictType: string; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<DictDataRow | 'new' | null>(null);
  const entries = useData<DictDataRow[]>(DATA_URL, { dictType });
  const rows = entries.data ?? [];

  const columns: TableColumnsType<DictDataRow> = [
    {
      key: 'label',
      title: t('dicts.label'),
      // Shown as the app shows it: the tag style applies.
      render: (_, r) => (
        <DictTag value={r.value} options={[asOption(r.value, r.label, r.labelZh, r.listClass, r.cssClass)]} />
      ),
    },
    { key: 'labelZh', dataIndex: 'labelZh', title: t('dicts.labelZh') },
    { key: 'value', dataIndex: 'value', title: t('dicts.value'), render: (v: string) => <code>{v}</code> },
    { key: 'sort', dataIndex: 'sort', title: t('admin.orderNum') },
    { key: 'isDefault', title: t('dicts.isDefault'), render: (_, r) => (r.isDefault === 'Y' ? t('admin.yes') : '') },
    { key: 'status', title: t('admin.status'), render: (_, r) => <StatusTag status={r.status} /> },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, r) => (
        <Space size={0}>
          <Authorized permissions={can('edit')}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t('common.edit')}
            </Button>
          </Authorized>
          <Authorized permissions={can('remove')}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmAction(t('admin.confirmDelete', { name: r.label }), async () => {
                  await mutate('DELETE', `${DATA_URL}/${r.id}`);
                  await onChanged();
                })
              }
            >
              {t('admin.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="dict-entries">
      <Toolbar onRefresh={() => void entries.refetch()}>
        <AddButton permissions={can('add')} onClick={() => setEditing('new')} />
      </Toolbar>
      <Table<DictDataRow>
        rowKey="id"
        size="small"
        loading={entries.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: entries.isError ? t('common.loadFailed') : t('common.empty') }}
      />
      <EntryDialog
        editing={editing}
        nextSort={rows.reduce((max, r) => Math.max(max, r.sort), 0) + 1}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          const payload = { ...body, dictType };
          if (editing === 'new') await mutate('POST', DATA_URL, payload);
          else if (editing) await mutate('PUT', `${DATA_URL}/${editing.id}`, payload);
          await onChanged();
        }}
      />
    </div>
  );
}

function EntryDialog({
  editing,
  nextSort,
  onClose,
  onSubmit,
}: {
  editing: DictDataRow | 'new' | null;
  nextSort: number;
  onClose: () => void;
  onSubmit: (body: DataForm) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DataForm>();
  const row = editing && editing !== 'new' ? editing : undefined;
  return (
    <FormDialog<DataForm>
      open={editing !== null}
      title={row ? t('dicts.editEntry') : t('dicts.addEntry')}
      form={form}
      name="dictEntry"
      width={560}
      initialValues={
        row ?? { sort: nextSort, listClass: 'default', isDefault: 'N', status: '0', cssClass: '', labelZh: '' }
      }
      onClose={onClose}
      onSubmit={(v) =>
        onSubmit({
          ...v,
          label: v.label.trim(),
          labelZh: v.labelZh?.trim() ?? '',
          value: v.value.trim(),
          cssClass: v.cssClass?.trim() ?? '',
          sort: v.sort ?? 0,
        })
      }
    >
      <Form.Item
        name="label"
        label={t('dicts.label')}
        rules={[{ required: true, whitespace: true, message: t('dicts.labelRequired') }, { max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="labelZh" label={t('dicts.labelZh')} rules={[{ max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="value"
        label={t('dicts.value')}
        rules={[{ required: true, whitespace: true, message: t('dicts.valueRequired') }, { max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sort" label={t('admin.orderNum')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="listClass" label={t('dicts.listClass')}>
        <Select
          options={LIST_CLASSES.map((c) => ({
            value: c,
            label:
              c === 'default' ? (
                t('dicts.plain')
              ) : (
                <DictTag value={c} options={[asOption(c, t(`dicts.classes.${c}`), '', c, '')]} />
              ),
          }))}
        />
      </Form.Item>
      <Form.Item name="cssClass" label={t('dicts.cssClass')} rules={[{ max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="isDefault" label={t('dicts.isDefault')}>
        <Radio.Group
          options={[
            { value: 'Y', label: t('admin.yes') },
            { value: 'N', label: t('admin.no') },
          ]}
        />
      </Form.Item>
      <Form.Item name="status" label={t('admin.status')}>
        <Radio.Group options={statusOptions(t)} />
      </Form.Item>
    </FormDialog>
  );
}
