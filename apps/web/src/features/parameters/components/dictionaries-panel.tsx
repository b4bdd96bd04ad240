import { UnorderedListOutlined } from '@ant-design/icons';
import type { dictDataRow, dictTypeRow } from '@lvb/contracts/reference';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Form, Input, Radio, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ORDER_RANGE, orderValue, TextField } from '@/shared/components/list-kit/form-fields';
import { DetailDrawer, RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { DeleteLink, EditLink } from '@/shared/components/list-kit/list-parts';
import { NumberInput } from '@/shared/components/number-input';
import type { DictOption } from '@/shared/lib/dict';
import { statusOptions } from '@/shared/lib/list';
import { numberRule } from '@/shared/lib/strict-number';

const TYPES_URL = '/api/system/dict/types';
const DATA_URL = '/api/system/dict/data';
const can = (action: string) => [`system:dict:${action}`];
const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

type DictTypeRow = WireOf<typeof dictTypeRow>;
type DictDataRow = WireOf<typeof dictDataRow>;
type TypeForm = Omit<DictTypeRow, 'id' | 'remark'> & { remark?: string };
/** An entry as the form holds it: the sort order as typed. */
type DataForm = Omit<DictDataRow, 'id' | 'dictType' | 'sort'> & { sort: string | number };

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
  // The app reads dictionaries through `dict` queries: a change shows at once in every status tag.
  const types = useRecordList<DictTypeRow>(TYPES_URL, { also: [DATA_URL, 'dict'] });
  const [opened, setOpened] = useState<DictTypeRow | null>(null);
  const typeName = (r: DictTypeRow) => (i18n.language === 'zh-CN' && r.nameZh ? r.nameZh : r.name);

  const columns: TableColumnsType<DictTypeRow> = [
    { key: 'name', title: t('dicts.typeName'), render: (_, r) => typeName(r) },
    { key: 'dictType', dataIndex: 'dictType', title: t('dicts.type'), render: (v: string) => <code>{v}</code> },
    { key: 'status', title: t('admin.status'), render: (_, r) => <StatusTag status={r.status} /> },
    { key: 'remark', dataIndex: 'remark', title: t('admin.remark') },
  ];

  return (
    <div data-testid="dictionaries">
      <RecordList<DictTypeRow>
        records={types}
        searchToggle={false}
        search={
          <>
            <TextFilter name="name" label={t('dicts.typeName')} width={180} maxLength={100} />
            <TextFilter name="dictType" label={t('dicts.type')} width={180} maxLength={100} />
          </>
        }
        add={can('add')}
        exportAs={{ permissions: can('export'), fileName: 'dictionaries.xlsx' }}
        columns={columns}
        rowActions={(r) => (
          <>
            <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setOpened(r)}>
              {t('dicts.entries')}
            </Button>
            <EditLink permissions={can('edit')} onClick={() => types.setEditing(r)} />
            <DeleteLink
              permissions={can('remove')}
              name={r.dictType}
              confirmText={t('dicts.confirmDeleteType', { name: r.dictType })}
              onDelete={() => types.remove([r.id])}
            />
          </>
        )}
      />
      <TypeDialog records={types} />
      <DetailDrawer
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? t('dicts.entriesOf', { name: typeName(opened) }) : ''}
      >
        {opened ? <EntriesTable dictType={opened.dictType} /> : null}
      </DetailDrawer>
    </div>
  );
}

function TypeDialog({ records }: { records: RecordListState<DictTypeRow> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeForm>();
  const row = records.editedRow;
  return (
    <FormDialog<TypeForm>
      open={records.editing !== null}
      title={row ? t('dicts.editType') : t('dicts.addType')}
      form={form}
      name="dictType"
      width={520}
      initialValues={row ? { ...row, remark: row.remark ?? undefined } : { status: '0' }}
      onClose={records.close}
      onSubmit={(v) =>
        records.save(row?.id, {
          dictType: v.dictType.trim(),
          name: v.name.trim(),
          nameZh: v.nameZh?.trim() ?? '',
          status: v.status,
          remark: v.remark?.trim() || undefined,
        })
      }
    >
      <TextField name="name" label={t('dicts.typeName')} required={t('dicts.nameRequired')} max={100} />
      <TextField name="nameZh" label={t('dicts.typeNameZh')} max={100} />
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

function EntriesTable({ dictType }: { dictType: string }) {
  const { t } = useTranslation();
  const entries = useRecordList<DictDataRow>(DATA_URL, {
    paged: false,
    initialFilter: { dictType },
    also: [TYPES_URL, 'dict'],
  });
  const rows = Array.isArray(entries.list.data) ? entries.list.data : [];

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
  ];

  return (
    <div data-testid="dict-entries">
      <RecordList<DictDataRow>
        records={entries}
        size="small"
        add={can('add')}
        columns={columns}
        rowActions={(r) => (
          <>
            <EditLink permissions={can('edit')} onClick={() => entries.setEditing(r)} />
            <DeleteLink permissions={can('remove')} name={r.label} onDelete={() => entries.remove([r.id])} />
          </>
        )}
      />
      <EntryDialog
        records={entries}
        dictType={dictType}
        nextSort={rows.reduce((max, r) => Math.max(max, r.sort), 0) + 1}
      />
    </div>
  );
}

function EntryDialog({
  records,
  dictType,
  nextSort,
}: {
  records: RecordListState<DictDataRow>;
  dictType: string;
  nextSort: number;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DataForm>();
  const row = records.editedRow;
  return (
    <FormDialog<DataForm>
      open={records.editing !== null}
      title={row ? t('dicts.editEntry') : t('dicts.addEntry')}
      form={form}
      name="dictEntry"
      width={560}
      initialValues={
        row ?? { sort: nextSort, listClass: 'default', isDefault: 'N', status: '0', cssClass: '', labelZh: '' }
      }
      onClose={records.close}
      onSubmit={(v) =>
        records.save(row?.id, {
          ...v,
          dictType,
          label: v.label.trim(),
          labelZh: v.labelZh?.trim() ?? '',
          value: v.value.trim(),
          cssClass: v.cssClass?.trim() ?? '',
          sort: orderValue(v.sort),
        })
      }
    >
      <TextField name="label" label={t('dicts.label')} required={t('dicts.labelRequired')} max={100} />
      <TextField name="labelZh" label={t('dicts.labelZh')} max={100} />
      <TextField name="value" label={t('dicts.value')} required={t('dicts.valueRequired')} max={100} />
      <Form.Item name="sort" label={t('admin.orderNum')} rules={[numberRule(t, ORDER_RANGE)]}>
        <NumberInput />
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
      <TextField name="cssClass" label={t('dicts.cssClass')} max={100} />
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
