import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Modal, Result } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PROPOSAL_FILES } from '@lvb/contracts/bids';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { formatMoney, formatTime, yuanToFen } from '@/shared/lib/format';
import type { BiddingModel, BiddingProject } from '../api/bidding-projects';
import { submitBid, type BidInput, type BidReceipt } from '../api/submit-bid';
import { ReceiptView } from './receipt-view';

interface BidDialogProps {
  model: BiddingModel;
  project: BiddingProject | null;
  onClose: () => void;
}

interface BidForm {
  price: number;
  proposals?: UploadedFile[];
}

/** The live bid's proposal files, as the upload field holds them: kept unless removed. */
const filesOf = (project: BiddingProject): UploadedFile[] =>
  project.proposals.map((f) => ({ name: f.originalName, url: f.fileName, uid: f.fileName }));

/**
 * Types, seals and submits a price, and for a best-value bid its technical proposal files. The
 * price typed here is the only place it is shown: the server answers a receipt, never the price.
 * One Idempotency-Key per bid, kept until it is answered, so a retry after a lost answer gets the
 * first receipt rather than a second bid.
 */
export function BidDialog({ model, project, onClose }: BidDialogProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<BidForm>();
  const [sealed, setSealed] = useState<{ receipt: BidReceipt; priceFen: number } | null>(null);
  const attempt = useRef<{ bid: string; key: string } | null>(null);

  const submit = useMutation({
    mutationFn: (bid: BidInput) => {
      const same = JSON.stringify(bid);
      if (attempt.current?.bid !== same) attempt.current = { bid: same, key: crypto.randomUUID() };
      return submitBid(model, project!.projectId, bid, attempt.current.key);
    },
    onSuccess: (receipt, bid) => {
      attempt.current = null;
      setSealed({ receipt, priceFen: bid.priceFen });
      void client.invalidateQueries({ queryKey: ['bidding', model] });
    },
  });

  const onFinish = ({ price, proposals }: BidForm) =>
    submit.mutate(
      model === 3
        ? { priceFen: yuanToFen(price), proposals: (proposals ?? []).map((f) => f.url) }
        : { priceFen: yuanToFen(price) },
    );

  const close = () => {
    setSealed(null);
    attempt.current = null;
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={!!project}
      title={project ? t(`bidding.model${model}.dialogTitle`, { name: project.name }) : ''}
      onCancel={close}
      destroyOnHidden
      width={640}
      footer={
        sealed
          ? [
              <Button key="close" type="primary" onClick={close}>
                {t('common.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common.cancel')}
              </Button>,
              <Button key="seal" type="primary" loading={submit.isPending} onClick={() => form.submit()}>
                {t('bidding.dialog.seal')}
              </Button>,
            ]
      }
    >
      {project && sealed ? (
        <Result
          status="success"
          title={t('bidding.dialog.sealed')}
          subTitle={t('bidding.dialog.typed', { price: formatMoney(sealed.priceFen) })}
          style={{ padding: '8px 0' }}
        >
          <ReceiptView model={model} receipt={sealed.receipt} />
        </Result>
      ) : null}
      {project && !sealed ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={model === 3 ? { proposals: filesOf(project) } : undefined}
        >
          {project.receipt ? (
            <Alert type="info" showIcon title={t('bidding.dialog.replaceNote')} style={{ marginBottom: 16 }} />
          ) : null}
          <Form.Item
            name="price"
            label={t('bidding.dialog.price')}
            rules={[{ required: true, message: t('bidding.dialog.priceRequired') }]}
            extra={t('bidding.dialog.priceHint', {
              budget: formatMoney(project.budget),
              deadline: formatTime(project.bidDeadline),
            })}
          >
            <InputNumber min={0.01} max={project.budget / 100} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          {model === 3 ? (
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
