import { Model } from '@lvb/contracts/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Result, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PROPOSAL_FILES } from '@lvb/contracts/bids';
import { formatYuan } from '@lvb/contracts/money';
import { amountInWordsItems, Facts } from '@/shared/components/facts';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { NumberInput } from '@/shared/components/number-input';
import { formatTime } from '@/shared/lib/format';
import { isShownOnField, sendWithFieldRefusals } from '@/shared/lib/form-submit';
import { fenValue, moneyRule } from '@/shared/lib/strict-number';
import type { BiddingModel, BiddingProject } from '../api/bidding-projects';
import { submitBid, type BidInput, type BidReceipt } from '../api/submit-bid';
import { ReceiptView } from './receipt-view';

interface BidDialogProps {
  model: BiddingModel;
  project: BiddingProject | null;
  onClose: () => void;
}

interface BidForm {
  /** The price as typed, in yuan: kept as text, refused when it is not a valid amount. */
  price: string;
  proposals?: UploadedFile[];
}

/** The live bid's proposal files, as the upload field holds them: kept unless removed. */
const filesOf = (project: BiddingProject): UploadedFile[] =>
  project.proposals.map((f) => ({ name: f.originalName, url: f.fileName, uid: f.fileName }));

/** The form's names of the bid's body fields. */
const FIELD_NAMES = { priceFen: 'price' };

/**
 * Types, seals and submits a price, and for a best-value bid its technical proposal files. A price
 * that is not a positive amount of yuan with at most two decimals, or is above the budget, is
 * refused on the field as typed (never rounded or clamped); a valid one is shown once more, in
 * figures and in Chinese capital numerals, and sealed only when the supplier confirms it.
 *
 * The price typed here is the only place it is shown: the server answers a receipt, never the
 * price. One Idempotency-Key per bid, kept until it is answered, so a retry after a lost answer
 * gets the first receipt rather than a second bid.
 */
export function BidDialog({ model, project, onClose }: BidDialogProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<BidForm>();
  const [confirming, setConfirming] = useState<BidInput | null>(null);
  const [sealed, setSealed] = useState<{ receipt: BidReceipt; priceFen: number } | null>(null);
  const attempt = useRef<{ bid: string; key: string } | null>(null);
  // Taken at the click, before the button re-renders as loading: a double click seals once.
  const sending = useRef(false);

  const submit = useMutation({
    mutationFn: (bid: BidInput) => {
      const same = JSON.stringify(bid);
      if (attempt.current?.bid !== same) attempt.current = { bid: same, key: crypto.randomUUID() };
      return submitBid(model, project!.projectId, bid, attempt.current.key);
    },
    onSuccess: (receipt, bid) => {
      attempt.current = null;
      setConfirming(null);
      setSealed({ receipt, priceFen: bid.priceFen });
      void client.invalidateQueries({ queryKey: ['bidding', model] });
    },
  });

  const review = ({ price, proposals }: BidForm) => {
    const priceFen = fenValue(price)!;
    setConfirming(
      model === Model.bestValue ? { priceFen, proposals: (proposals ?? []).map((f) => f.url) } : { priceFen },
    );
  };

  const seal = async () => {
    if (!confirming || sending.current) return;
    sending.current = true;
    try {
      await sendWithFieldRefusals(form, () => submit.mutateAsync(confirming), FIELD_NAMES);
    } catch (error) {
      // A refusal of a field of the form stands under it: back to the form to fix it. Anything
      // else was shown by the request wrapper; the supplier may confirm again (same key).
      if (isShownOnField(error)) setConfirming(null);
    } finally {
      sending.current = false;
    }
  };

  const close = () => {
    setSealed(null);
    setConfirming(null);
    attempt.current = null;
    form.resetFields();
    onClose();
  };

  const footer = sealed
    ? [
        <Button key="close" type="primary" onClick={close}>
          {t('common.close')}
        </Button>,
      ]
    : confirming
      ? [
          <Button key="back" disabled={submit.isPending} onClick={() => setConfirming(null)}>
            {t('bidding.confirm.back')}
          </Button>,
          <Button key="confirm" type="primary" loading={submit.isPending} onClick={() => void seal()}>
            {t('bidding.confirm.seal')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button key="seal" type="primary" onClick={() => form.submit()}>
            {t('bidding.dialog.seal')}
          </Button>,
        ];

  return (
    <Modal
      open={!!project}
      title={project ? t(`bidding.model${model}.dialogTitle`, { name: project.name }) : ''}
      onCancel={close}
      destroyOnHidden
      width={640}
      footer={footer}
    >
      {project && sealed ? (
        <Result
          status="success"
          title={t('bidding.dialog.sealed')}
          subTitle={t('bidding.dialog.typed', { price: formatYuan(sealed.priceFen) })}
          style={{ padding: '8px 0' }}
        >
          <ReceiptView model={model} receipt={sealed.receipt} />
        </Result>
      ) : null}
      {project && !sealed && confirming ? (
        <div data-testid="bid-confirm">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('bidding.confirm.title')}
          </Typography.Title>
          <Typography.Paragraph>{t('bidding.confirm.intro')}</Typography.Paragraph>
          <Facts
            items={[
              ...amountInWordsItems(
                confirming.priceFen,
                { figures: t('bidding.confirm.figures'), words: t('bidding.confirm.words') },
                'bid-confirm',
              ),
              ...(model === Model.bestValue
                ? [
                    {
                      key: 'proposals',
                      label: t('bidding.dialog.proposals'),
                      children: t('bidding.proposalCount', { count: confirming.proposals?.length ?? 0 }),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      ) : null}
      {project && !sealed ? (
        // Kept while the price is confirmed, so "Back" returns to what was typed.
        <Form
          form={form}
          layout="vertical"
          onFinish={review}
          hidden={!!confirming}
          initialValues={model === Model.bestValue ? { proposals: filesOf(project) } : undefined}
        >
          {project.receipt ? (
            <Alert type="info" showIcon title={t('bidding.dialog.replaceNote')} style={{ marginBottom: 16 }} />
          ) : null}
          <Form.Item
            name="price"
            label={t('bidding.dialog.price')}
            rules={[
              moneyRule({
                required: true,
                requiredMessage: t('bidding.dialog.priceRequired'),
                message: t('bidding.dialog.priceInvalid'),
                check: (fen) =>
                  fen > project.budget
                    ? t('bidding.dialog.priceAboveBudget', { budget: formatYuan(project.budget) })
                    : null,
              }),
            ]}
            extra={t('bidding.dialog.priceHint', {
              budget: formatYuan(project.budget),
              deadline: formatTime(project.bidDeadline),
            })}
          >
            <NumberInput prefix="¥" placeholder="1234.50" />
          </Form.Item>
          {model === Model.bestValue ? (
            <Form.Item
              name="proposals"
              label={t('bidding.dialog.proposals')}
              extra={t('bidding.dialog.proposalsHint')}
              rules={[{ required: true, type: 'array', min: 1, message: t('bidding.dialog.proposalsRequired') }]}
            >
              <FileUpload limit={MAX_PROPOSAL_FILES} />
            </Form.Item>
          ) : null}
        </Form>
      ) : null}
    </Modal>
  );
}
