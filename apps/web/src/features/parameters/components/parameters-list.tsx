import { Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportList, formatTime, mutate, useInvalidate, usePagedList } from '@/shared/lib/list';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { AddButton, ExportButton, SearchForm, Toolbar } from '@/shared/components/list-kit/list-frame';
import { DeleteLink, EditLink, ListTable, useListState } from '@/shared/components/list-kit/list-parts';
import { paramNameZh } from '../locales';

export interface ParamRow {
  id: number;
  configKey: string;
  name: string;
  value: string;
  valueType: 'string' | 'number' | 'boolean';
  scope: string;
  builtIn: boolean;
  updatedAt: string;
}
interface ParamForm {
  configKey: string;
  name: string;
  value: string | boolean;
  valueType: ParamRow['valueType'];
}
interface SearchValues {
  configKey?: string;
  name?: string;
}

interface ParametersListProps {
  /** `/api/system/config` or `/api/base/parameters`. */
  url: string;
  /** Permission prefix: `system:config` or `base:parameter`. */
  perm: string;
  /** System parameters can be added and removed; business parameters are fixed, only their values change. */
  fixedKeys: boolean;
  exportName: string;
}

/** The list of system or business parameters with search, export and the edit dialog. */
export function ParametersList({ url, perm, fixedKeys, exportName }: ParametersListProps) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidate();
  const [searchForm] = Form.useForm<SearchValues>();
  const state = useListState<SearchValues>();
  const [editing, setEditing] = useState<ParamRow | 'new' | null>(null);
  const list = usePagedList<ParamRow>(url, state.query, state.page);
  const refresh = () => invalidate(url);
  const can = (action: string) => [`${perm}:${action}`];
  const nameOf = (r: ParamRow) => (i18n.language === 'zh-CN' ? (paramNameZh[r.configKey] ?? r.name) : r.name);

  const columns: TableColumnsType<ParamRow> = [
    { key: 'name', title: t('params.name'), render: (_, r) => nameOf(r) },
    { key: 'configKey', dataIndex: 'configKey', title: t('params.key'), render: (v: string) => <code>{v}</code> },
    {
      key: 'value',
      title: t('params.value'),
      render: (_, r) =>
        r.valueType === 'boolean' ? (
          <Tag color={r.value === 'true' ? 'success' : 'default'}>
            {r.value === 'true' ? t('admin.yes') : t('admin.no')}
          </Tag>
        ) : (
          <span className="params-value" data-testid="param-value">
            {r.value}
          </span>
        ),
    },
    { key: 'valueType', title: t('params.type'), render: (_, r) => t(`params.types.${r.valueType}`) },
    {
      key: 'builtIn',
      title: t('params.builtIn'),
      render: (_, r) => (r.builtIn ? <Tag color="processing">{t('admin.yes')}</Tag> : <Tag>{t('admin.no')}</Tag>),
    },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('params.updatedAt'), render: (v: string) => formatTime(v) },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, r) => (
        <Space size={0} wrap>
          <EditLink permissions={can('edit')} onClick={() => setEditing(r)} />
          {!fixedKeys && !r.builtIn ? (
            <DeleteLink
              permissions={can('remove')}
              name={r.configKey}
              onDelete={async () => {
                await mutate('DELETE', `${url}/${r.id}`);
                await refresh();
              }}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchForm
        form={searchForm}
        hidden={!state.showSearch}
        onSearch={(v) => state.search({ configKey: v.configKey?.trim(), name: v.name?.trim() })}
        onReset={state.reset}
      >
        <Form.Item name="name" label={t('params.name')}>
          <Input allowClear placeholder={t('params.name')} style={{ width: 200 }} maxLength={100} />
        </Form.Item>
        <Form.Item name="configKey" label={t('params.key')}>
          <Input allowClear placeholder={t('params.key')} style={{ width: 200 }} maxLength={100} />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={refresh} onToggleSearch={state.toggleSearch}>
        {fixedKeys ? null : <AddButton permissions={can('add')} onClick={() => setEditing('new')} />}
        <ExportButton
          permissions={can('export')}
          onClick={() => exportList(`${url}/export`, state.query, exportName)}
        />
      </Toolbar>
      <ListTable<ParamRow>
        rowKey="id"
        columns={columns}
        list={list}
        paging={{ page: state.page, onChange: state.setPage }}
      />
      <ParameterDialog
        editing={editing}
        fixedKeys={fixedKeys}
        displayName={editing && editing !== 'new' ? nameOf(editing) : ''}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          if (editing === 'new') await mutate('POST', url, body);
          else if (editing) await mutate('PUT', `${url}/${editing.id}`, body);
          await refresh();
        }}
      />
    </>
  );
}

function ParameterDialog({
  editing,
  fixedKeys,
  displayName,
  onClose,
  onSubmit,
}: {
  editing: ParamRow | 'new' | null;
  fixedKeys: boolean;
  displayName: string;
  onClose: () => void;
  onSubmit: (body: Omit<ParamRow, 'id' | 'scope' | 'builtIn' | 'updatedAt'>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParamForm>();
  const isNew = editing === 'new';
  const row = editing && editing !== 'new' ? editing : undefined;
  // A built-in parameter keeps its key and type; business parameters change only their value.
  const keyLocked = Boolean(row && (row.builtIn || fixedKeys));
  const nameLocked = Boolean(row && fixedKeys);
  const valueType = Form.useWatch('valueType', form) ?? row?.valueType ?? 'string';

  return (
    <FormDialog<ParamForm>
      open={editing !== null}
      title={isNew ? t('params.addTitle') : t('params.editTitle', { name: displayName })}
      form={form}
      name="param"
      width={560}
      initialValues={
        row
          ? { ...row, value: row.valueType === 'boolean' ? row.value === 'true' : row.value }
          : { valueType: 'string', value: '' }
      }
      onClose={onClose}
      onSubmit={(v) =>
        onSubmit({
          configKey: (v.configKey ?? row?.configKey ?? '').trim(),
          name: (v.name ?? row?.name ?? '').trim(),
          valueType: v.valueType ?? row?.valueType ?? 'string',
          value: typeof v.value === 'boolean' ? String(v.value) : String(v.value ?? '').trim(),
        })
      }
    >
      <Form.Item
        name="name"
        label={t('params.name')}
        rules={[{ required: true, whitespace: true, message: t('params.nameRequired') }, { max: 100 }]}
      >
        <Input disabled={nameLocked} maxLength={100} />
      </Form.Item>
      <Form.Item
        name="configKey"
        label={t('params.key')}
        extra={keyLocked ? undefined : t('params.keyHint')}
        rules={[
          { required: true, message: t('params.keyRequired') },
          { pattern: /^[a-z][A-Za-z0-9_.]{1,99}$/, message: t('params.keyPattern') },
        ]}
      >
        <Input disabled={keyLocked} maxLength={100} />
      </Form.Item>
      <Form.Item name="valueType" label={t('params.type')}>
        <Select
          disabled={keyLocked}
          options={(['string', 'number', 'boolean'] as const).map((v) => ({ value: v, label: t(`params.types.${v}`) }))}
          onChange={(next) => form.setFieldValue('value', next === 'boolean' ? false : '')}
        />
      </Form.Item>
      {valueType === 'boolean' ? (
        <Form.Item name="value" label={t('params.value')} valuePropName="checked">
          <Switch checkedChildren={t('admin.yes')} unCheckedChildren={t('admin.no')} />
        </Form.Item>
      ) : (
        <Form.Item
          name="value"
          label={t('params.value')}
          rules={[
            { max: 500 },
            ...(valueType === 'number'
              ? [
                  { required: true, message: t('params.numberRequired') },
                  {
                    validator: (_: unknown, v: unknown) =>
                      v === undefined || v === '' || Number.isFinite(Number(v))
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('params.numberRequired'))),
                  },
                ]
              : []),
          ]}
        >
          {valueType === 'number' ? (
            <Input inputMode="decimal" maxLength={30} />
          ) : (
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={500} />
          )}
        </Form.Item>
      )}
      {row ? (
        <Typography.Text type="secondary">
          {t('params.updatedAt')}: {formatTime(row.updatedAt)}
        </Typography.Text>
      ) : null}
    </FormDialog>
  );
}
