import { MAX_BID_FEN } from '@lvb/contracts/bids';
import type { ContractBody } from '@lvb/contracts/completion';
import { formatYuan } from '@lvb/contracts/money';
import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { NumberInput } from '@/shared/components/number-input';
import { fenToYuanText, fenValue, moneyRule } from '@/shared/lib/strict-number';
import { recordContract, type CompletionDetail } from '../api/completion';
import { fileCountItem, ReviewDialog } from './review-dialog';

interface ContractForm {
  contractNo: string;
  /** The amount as typed, in yuan: kept as text, refused when it is not a valid amount. */
  amount: string;
  signedOn: Dayjs;
  periodStart: Dayjs;
  periodEnd: Dayjs;
  files: UploadedFile[];
}

/** The form's name of the amount the server calls `amountFen`. */
const FIELD_NAMES = { amountFen: 'amount' };
const MAX_CONTRACT_FILES = 10;
const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * The owner records the contract of a confirmed award: number, amount, signing date, period and
 * the signed files. The amount is typed in yuan and refused as typed when it is not an amount
 * (never rounded or clamped); the contract is shown once more, its amount in figures and in
 * Chinese capital numerals, and recorded only when the owner confirms it.
 */
export function ContractDialog({ detail, onClose }: { detail: CompletionDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContractForm>();
  return (
    <ReviewDialog<ContractForm, ContractBody>
      title={t('completion.contract.title', { name: detail.name })}
      form={form}
      name="contract"
      initialValues={{ amount: detail.awardFen ? fenToYuanText(detail.awardFen) : '', files: [] }}
      fieldNames={FIELD_NAMES}
      done={t('completion.contract.done')}
      onClose={onClose}
      send={(body, key) => recordContract(detail.projectId, body, key)}
      toBody={(values) => ({
        contractNo: values.contractNo.trim(),
        amountFen: fenValue(values.amount)!,
        signedOn: day(values.signedOn),
        periodStart: day(values.periodStart),
        periodEnd: day(values.periodEnd),
        files: values.files.map((f) => f.url),
      })}
      summary={(body) => (
        <Facts
          items={[
            { key: 'no', label: t('completion.contract.number'), children: body.contractNo },
            ...amountInWordsItems(
              body.amountFen,
              { figures: t('completion.contract.figures'), words: t('completion.contract.words') },
              'contract',
            ),
            { key: 'signed', label: t('completion.contract.signedOn'), children: body.signedOn },
            {
              key: 'period',
              label: t('completion.contract.period'),
              children: t('completion.contract.periodValue', { start: body.periodStart, end: body.periodEnd }),
            },
            fileCountItem(t('completion.contract.files'), body.files),
          ]}
        />
      )}
    >
      <Form.Item
        name="contractNo"
        label={t('completion.contract.number')}
        rules={[
          { required: true, whitespace: true, message: t('completion.contract.numberRequired') },
          { max: 50, message: t('completion.contract.numberTooLong') },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('completion.contract.amount')}
        extra={detail.awardFen ? t('completion.contract.amountHint', { award: formatYuan(detail.awardFen) }) : null}
        rules={[
          moneyRule({
            required: true,
            requiredMessage: t('completion.contract.amountRequired'),
            message: t('completion.contract.amountInvalid'),
            check: (fen) =>
              fen > MAX_BID_FEN ? t('completion.contract.amountTooHigh', { max: formatYuan(MAX_BID_FEN) }) : null,
          }),
        ]}
      >
        <NumberInput prefix="¥" placeholder="1234.50" />
      </Form.Item>
      <Form.Item
        name="signedOn"
        label={t('completion.contract.signedOn')}
        rules={[{ required: true, message: t('completion.contract.signedOnRequired') }]}
      >
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="periodStart"
        label={t('completion.contract.periodStart')}
        rules={[{ required: true, message: t('completion.contract.periodRequired') }]}
      >
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="periodEnd"
        label={t('completion.contract.periodEnd')}
        dependencies={['periodStart']}
        rules={[
          { required: true, message: t('completion.contract.periodRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, end: Dayjs | undefined) => {
              const start = getFieldValue('periodStart') as Dayjs | undefined;
              if (start && end && end.isBefore(start, 'day')) throw new Error(t('completion.contract.periodOrder'));
            },
          }),
        ]}
      >
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="files"
        label={t('completion.contract.files')}
        extra={t('completion.contract.filesHint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('completion.contract.filesRequired') }]}
      >
        <FileUpload limit={MAX_CONTRACT_FILES} />
      </Form.Item>
    </ReviewDialog>
  );
}
