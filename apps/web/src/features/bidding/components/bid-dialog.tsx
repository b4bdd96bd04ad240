import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Modal, Result } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTime, yuanToFen } from '@/shared/lib/format';
import type { BiddingProject } from '../api/bidding-projects';
import { submitBid, type BidReceipt } from '../api/submit-bid';
import { ReceiptView } from './receipt-view';

interface BidDialogProps {
  project: BiddingProject | null;
  onClose: () => void;
}

/**
 * Types, seals and submits a price. The price typed here is the only place it is shown: the server
 * answers a receipt, never the price. One Idempotency-Key per price, kept until it is answered, so
 * a retry after a lost answer gets the first receipt rather than a second bid.
 */
export function BidDialog({ project, onClose }: BidDialogProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ price: number }>();
  const [sealed, setSealed] = useState<{ receipt: BidReceipt; priceFen: number } | null>(null);
  const attempt = useRef<{ priceFen: number; key: string } | null>(null);

  const submit = useMutation({
    mutationFn: (priceFen: number) => {
      if (attempt.current?.priceFen !== priceFen) attempt.current = { priceFen, key: crypto.randomUUID() };
      return submitBid(project!.projectId, priceFen, attempt.current.key);
    },
    onSuccess: (receipt, priceFen) => {
      attempt.current = null;
      setSealed({ receipt, priceFen });
      void client.invalidateQueries({ queryKey: ['bidding2'] });
    },
  });

  const close = () => {
    setSealed(null);
    attempt.current = null;
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={!!project}
      title={project ? t('bidding.dialog.title', { name: project.name }) : ''}
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
          <ReceiptView receipt={sealed.receipt} />
        </Result>
      ) : null}
      {project && !sealed ? (
        <Form form={form} layout="vertical" onFinish={({ price }) => submit.mutate(yuanToFen(price))}>
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
        </Form>
      ) : null}
    </Modal>
  );
}
