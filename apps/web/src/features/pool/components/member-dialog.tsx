import type { PoolMemberBody } from '@lvb/contracts/pool';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TypeRegionFields } from '@/shared/components/type-region-fields';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import type { FieldNames } from '@/shared/lib/form-submit';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { saveMember, type MemberRow } from '../api/pool';
import { CompanyPicker } from './pool-parts';

interface MemberForm {
  companyId: number;
  typeId: number;
  subCategoryId?: number | null;
  placeId: number;
  validity: [Dayjs, Dayjs];
  remark?: string;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');
/** The server's refusal of either date stands under the one range picker. */
const FIELD_NAMES: FieldNames = { validFrom: 'validity', validTo: 'validity' };

function formOf(row: MemberRow | undefined): Partial<MemberForm> {
  if (!row) return {};
  return {
    companyId: row.companyId,
    typeId: row.typeId,
    subCategoryId: row.subCategoryId,
    placeId: row.placeId,
    validity: [dayjs(row.validFrom), dayjs(row.validTo)],
    remark: row.remark,
  };
}

/**
 * Adds or edits a pool member: the supplier company (searched by name), the project type and its
 * sub-category, the region (the project form's pickers), the validity and a remark. The server's
 * refusal of a field stands under it.
 */
export function MemberDialog({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: MemberRow | undefined;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MemberForm>();
  const idempotency = useIdempotencyKey();
  return (
    <FormDialog<MemberForm>
      open={open}
      title={t(row ? 'pool.member.edit' : 'pool.member.add')}
      form={form}
      name="pool-member"
      initialValues={formOf(row)}
      fieldNames={FIELD_NAMES}
      refusalTestId="pool-member-refusal"
      onClose={onClose}
      onSubmit={async (v) => {
        const body: PoolMemberBody = {
          companyId: v.companyId,
          typeId: v.typeId,
          subCategoryId: v.subCategoryId ?? null,
          placeId: v.placeId,
          validFrom: day(v.validity[0]),
          validTo: day(v.validity[1]),
          remark: v.remark?.trim() ?? '',
        };
        await saveMember(row?.id, body, idempotency.keyFor(body));
        idempotency.answered();
        feedback().message.success(t('pool.member.saved'));
        await onSaved();
      }}
    >
      <Form.Item
        name="companyId"
        label={t('pool.field.company')}
        rules={[{ required: true, message: t('pool.validation.company') }]}
      >
        <CompanyPicker
          initial={row ? { id: row.companyId, name: row.companyName, creditCode: row.creditCode } : undefined}
        />
      </Form.Item>
      <TypeRegionFields
        form={form}
        labels={{
          type: t('pool.field.type'),
          typeRequired: t('pool.validation.type'),
          subCategory: t('pool.field.subCategory'),
          place: t('pool.field.region'),
          placeRequired: t('pool.validation.region'),
        }}
      />
      <Form.Item
        name="validity"
        label={t('pool.field.validity')}
        rules={[{ required: true, message: t('pool.validation.validity') }]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('pool.field.remark')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
