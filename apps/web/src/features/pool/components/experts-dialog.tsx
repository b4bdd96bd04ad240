import type { ExpertBody, ExpertKind } from '@lvb/contracts/experts';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useHallOptions } from '@/shared/api/hall-options';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import type { FieldNames } from '@/shared/lib/form-submit';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { saveExpert, type ExpertRow } from '../api/experts';
import { ExpertAccountPicker, useExpertKinds } from './experts-parts';

interface ExpertForm {
  userId: number;
  kind: ExpertKind;
  typeId: number;
  placeId: number;
  employer?: string;
  employerCreditCode?: string;
  validity: [Dayjs, Dayjs];
  remark?: string;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');
/** The server's refusal of either date stands under the one range picker. */
const FIELD_NAMES: FieldNames = { validFrom: 'validity', validTo: 'validity' };
/** A unified social credit code, as packages/contracts checks it. */
const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

function formOf(row: ExpertRow | undefined): Partial<ExpertForm> {
  if (!row) return { kind: 'employee' };
  return {
    userId: row.userId,
    kind: row.kind,
    typeId: row.typeId,
    placeId: row.placeId,
    employer: row.employer,
    employerCreditCode: row.employerCreditCode ?? '',
    validity: [dayjs(row.validFrom), dayjs(row.validTo)],
    remark: row.remark,
  };
}

/**
 * Adds or edits an expert: the account (searched among the active employees allowed to score),
 * the kind, the specialty (a project type), the region, the employer and its credit code (an
 * outside expert's employer is required), the validity and a remark. The server's refusal of a
 * field stands under it.
 */
export function ExpertDialog({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: ExpertRow | undefined;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExpertForm>();
  const idempotency = useIdempotencyKey();
  const options = useHallOptions();
  const kinds = useExpertKinds();
  return (
    <FormDialog<ExpertForm>
      open={open}
      title={t(row ? 'pool.expert.edit' : 'pool.expert.add')}
      form={form}
      name="pool-expert"
      initialValues={formOf(row)}
      fieldNames={FIELD_NAMES}
      refusalTestId="pool-expert-refusal"
      onClose={onClose}
      onSubmit={async (v) => {
        const code = v.employerCreditCode?.trim().toUpperCase() ?? '';
        const body: ExpertBody = {
          userId: v.userId,
          kind: v.kind,
          typeId: v.typeId,
          placeId: v.placeId,
          employer: v.employer?.trim() ?? '',
          employerCreditCode: code || null,
          validFrom: day(v.validity[0]),
          validTo: day(v.validity[1]),
          remark: v.remark?.trim() ?? '',
        };
        await saveExpert(row?.id, body, idempotency.keyFor(body));
        idempotency.answered();
        feedback().message.success(t('pool.expert.saved'));
        await onSaved();
      }}
    >
      <Form.Item
        name="userId"
        label={t('pool.expert.field.account')}
        rules={[{ required: true, message: t('pool.expert.validation.account') }]}
      >
        <ExpertAccountPicker
          initial={
            row ? { userId: row.userId, name: row.name, loginUid: row.loginUid, deptName: row.deptName } : undefined
          }
        />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t('pool.expert.field.kind')}
        rules={[{ required: true, message: t('pool.expert.validation.kind') }]}
      >
        <Radio.Group options={kinds} />
      </Form.Item>
      <Form.Item
        name="typeId"
        label={t('pool.expert.field.specialty')}
        rules={[{ required: true, message: t('pool.expert.validation.specialty') }]}
      >
        <Select options={options.types.map((x) => ({ value: x.id, label: x.label }))} />
      </Form.Item>
      <Form.Item
        name="placeId"
        label={t('pool.expert.field.region')}
        rules={[{ required: true, message: t('pool.expert.validation.region') }]}
      >
        <LabelTreeSelect options={options.places} />
      </Form.Item>
      <Form.Item
        name="employer"
        label={t('pool.expert.field.employer')}
        dependencies={['kind']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              getFieldValue('kind') === 'outside' && (value?.trim().length ?? 0) < 2
                ? Promise.reject(new Error(t('pool.expert.validation.employer')))
                : Promise.resolve(),
          }),
          { max: 200, message: t('pool.expert.validation.employerMax') },
        ]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="employerCreditCode"
        label={t('pool.expert.field.employerCreditCode')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || CREDIT_CODE.test(value.trim().toUpperCase())
                ? Promise.resolve()
                : Promise.reject(new Error(t('pool.expert.validation.creditCode'))),
          },
        ]}
      >
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item
        name="validity"
        label={t('pool.expert.field.validity')}
        rules={[{ required: true, message: t('pool.expert.validation.validity') }]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('pool.expert.field.remark')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
