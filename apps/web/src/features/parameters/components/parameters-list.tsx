import type { paramRow } from '@lvb/contracts/reference';
import type { WireOf } from '@lvb/contracts/wire';
import { Form, Input, Select, Switch, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { DeleteLink, EditLink } from '@/shared/components/list-kit/list-parts';
import { NumberInput } from '@/shared/components/number-input';
import { formatTime } from '@/shared/lib/list';
import { numberRule } from '@/shared/lib/strict-number';
import { paramNameZh } from '../param-names-zh';

type ValueType = 'string' | 'number' | 'boolean';
/** A number parameter: digits with any decimals, no sign, exponent or spaces. */
const ANY_NUMBER = { min: 0, max: Number.MAX_SAFE_INTEGER, decimals: Infinity };
export type ParamRow = WireOf<typeof paramRow>;
interface ParamForm {
  configKey: string;
  name: string;
  value: string | boolean;
  valueType: ValueType;
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
  const records = useRecordList<ParamRow>(url);
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
  ];

  return (
    <>
      <RecordList<ParamRow>
        records={records}
        search={
          <>
            <TextFilter name="name" label={t('params.name')} width={200} maxLength={100} />
            <TextFilter name="configKey" label={t('params.key')} width={200} maxLength={100} />
          </>
        }
        add={fixedKeys ? undefined : can('add')}
        exportAs={{ permissions: can('export'), fileName: exportName }}
        columns={columns}
        rowActions={(r) => (
          <>
            <EditLink permissions={can('edit')} onClick={() => void records.openRecord(r.id)} />
            {!fixedKeys && !r.builtIn ? (
              <DeleteLink permissions={can('remove')} name={r.configKey} onDelete={() => records.remove([r.id])} />
            ) : null}
          </>
        )}
      />
      <ParameterDialog
        records={records}
        fixedKeys={fixedKeys}
        displayName={records.editedRow ? nameOf(records.editedRow) : ''}
      />
    </>
  );
}

function ParameterDialog({
  records,
  fixedKeys,
  displayName,
}: {
  records: RecordListState<ParamRow>;
  fixedKeys: boolean;
  displayName: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParamForm>();
  const isNew = records.editing === 'new';
  const row = records.editedRow;
  // A built-in parameter keeps its key and type; business parameters change only their value.
  const keyLocked = Boolean(row && (row.builtIn || fixedKeys));
  const nameLocked = Boolean(row && fixedKeys);
  const valueType: ValueType = Form.useWatch('valueType', form) ?? (row?.valueType as ValueType) ?? 'string';

  return (
    <FormDialog<ParamForm>
      open={records.editing !== null}
      title={isNew ? t('params.addTitle') : t('params.editTitle', { name: displayName })}
      form={form}
      name="param"
      width={560}
      initialValues={
        row
          ? {
              ...row,
              valueType: row.valueType as ValueType,
              value: row.valueType === 'boolean' ? row.value === 'true' : row.value,
            }
          : { valueType: 'string', value: '' }
      }
      onClose={records.close}
      onSubmit={(v) =>
        records.save(row?.id, {
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
            // A number as typed, in digits: what each parameter's range is, the server says on the field.
            ...(valueType === 'number'
              ? [numberRule(t, { ...ANY_NUMBER, required: true, message: t('params.numberRequired') })]
              : []),
          ]}
        >
          {valueType === 'number' ? (
            <NumberInput maxLength={30} />
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
