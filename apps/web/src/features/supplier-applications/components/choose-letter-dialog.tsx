import { formatYuan } from '@lvb/contracts/money';
import { Alert, Empty, Form, Input, Radio, Space, Spin, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { LinkButton } from '@/shared/components/link-button';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { formatTime } from '@/shared/lib/format';
import { feedback } from '@/shared/lib/notify';
import { SUPPLIER_ORDERS_PATH, takeLetter, useLetterChoices, type LetterChoice } from '../api/application-letters';
import type { MyApplication } from '../api/my-applications';

/** The radio value of a letter from elsewhere (the letters' values are their order ids). */
const ELSEWHERE = 'elsewhere';

interface LetterForm {
  choice: number | typeof ELSEWHERE;
  letterNo?: string;
}

/** Why an issued letter does not suffice: too small an amount, or not valid through the deadline. */
function insufficiency(t: TFunction, a: MyApplication, l: LetterChoice) {
  return l.amountFen < a.guaranteeAmountFen
    ? t('guaranteeSupplier.letter.tooSmall', { amount: formatYuan(a.guaranteeAmountFen) })
    : t('guaranteeSupplier.letter.tooShort', { deadline: formatTime(a.bidDeadline) });
}

/**
 * The guarantee letter an application takes before its check (`PUT …/applications/:id/guarantee`):
 * one of the company's letters the platform issued for the project (those too small or too short
 * shown but not selectable, with the reason), or the number of a letter from elsewhere, which the
 * owner checks by hand. Without an issued letter it offers the way to order one.
 */
export function ChooseLetterDialog({
  application: a,
  onClose,
  onTaken,
}: {
  application: MyApplication | null;
  onClose: () => void;
  onTaken: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LetterForm>();
  const letters = useLetterChoices(a?.id);
  const choice = Form.useWatch('choice', form);
  const held = letters.data?.find((l) => l.taken);
  // The letter held now is chosen first (the fields mount once the letters are known).
  const initialValues: Partial<LetterForm> = held
    ? { choice: held.orderId }
    : a?.guaranteeLetterNo && a.guaranteeOrderId === null
      ? { choice: ELSEWHERE, letterNo: a.guaranteeLetterNo }
      : {};

  const letterOption = (l: LetterChoice) => ({
    value: l.orderId,
    disabled: !l.sufficient,
    label: (
      <Space orientation="vertical" size={0} data-testid={`letter-${l.orderId}`}>
        <span>
          <strong>{l.letterNo}</strong> {l.taken ? <Tag color="blue">{t('guaranteeSupplier.letter.taken')}</Tag> : null}
        </span>
        <Typography.Text type="secondary">
          {t('guaranteeSupplier.letter.amount', { amount: formatYuan(l.amountFen) })}
          {', '}
          {t('guaranteeSupplier.letter.validity', { from: l.validFrom, to: l.validTo })}
        </Typography.Text>
        {l.sufficient || !a ? null : <Typography.Text type="danger">{insufficiency(t, a, l)}</Typography.Text>}
      </Space>
    ),
  });

  return (
    <FormDialog<LetterForm>
      open={!!a}
      title={t('guaranteeSupplier.letter.title', { project: a?.projectName ?? '' })}
      form={form}
      name="letter"
      width={600}
      okText={t('guaranteeSupplier.letter.ok')}
      refusalTestId="letter-refusal"
      fieldNames={{ orderId: 'choice' }}
      onClose={onClose}
      onSubmit={async (values) => {
        const body =
          values.choice === ELSEWHERE ? { letterNo: (values.letterNo ?? '').trim() } : { orderId: values.choice };
        const taken = await takeLetter(a!.id, body);
        feedback().message.success(t('guaranteeSupplier.letter.done', { no: taken.letterNo }));
        await onTaken();
      }}
    >
      {a ? (
        <div style={{ marginBottom: 16 }}>
          <Facts
            testId="letter-facts"
            items={[
              ...(a.guaranteeRequired
                ? amountInWordsItems(
                    a.guaranteeAmountFen,
                    {
                      figures: t('guaranteeSupplier.letter.requiredAmount'),
                      words: t('guaranteeSupplier.letter.words'),
                    },
                    'required-amount',
                  )
                : [
                    {
                      key: 'required',
                      label: t('guaranteeSupplier.letter.requiredAmount'),
                      children: t('guaranteeSupplier.letter.notRequired'),
                    },
                  ]),
              { key: 'deadline', label: t('guaranteeSupplier.letter.deadline'), children: formatTime(a.bidDeadline) },
            ]}
          />
        </div>
      ) : null}
      {letters.isLoading ? (
        <div data-testid="letters-loading" style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
          <div>{t('guaranteeSupplier.letter.loading')}</div>
        </div>
      ) : (
        <>
          {letters.data?.length ? null : (
            <Empty
              data-testid="letters-empty"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('guaranteeSupplier.letter.none')}
            >
              {a ? (
                <LinkButton to={`${SUPPLIER_ORDERS_PATH}?applicationId=${a.id}`} type="primary" size="small">
                  {t('guaranteeSupplier.letter.order')}
                </LinkButton>
              ) : null}
            </Empty>
          )}
          <Form.Item
            name="choice"
            initialValue={initialValues.choice}
            label={letters.data?.length ? t('guaranteeSupplier.letter.issued') : null}
            rules={[{ required: true, message: t('guaranteeSupplier.letter.choiceRequired') }]}
          >
            <Radio.Group
              orientation="vertical"
              options={[
                ...(letters.data ?? []).map(letterOption),
                { value: ELSEWHERE, label: t('guaranteeSupplier.letter.elsewhere') },
              ]}
            />
          </Form.Item>
          {choice === ELSEWHERE ? (
            <>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('guaranteeSupplier.letter.elsewhereHint')}
              />
              <Form.Item
                name="letterNo"
                initialValue={initialValues.letterNo}
                label={t('guaranteeSupplier.letter.letterNo')}
                rules={[
                  { required: true, whitespace: true, message: t('guaranteeSupplier.letter.letterNoRequired') },
                  { max: 40 },
                ]}
              >
                <Input maxLength={40} />
              </Form.Item>
            </>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
