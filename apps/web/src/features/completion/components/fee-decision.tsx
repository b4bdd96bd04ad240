import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { ReasonDialog } from '@/shared/components/list-kit/list-frame';
import { confirmOnce } from '@/shared/lib/confirm';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useInvalidate } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { COMPLETION_URL } from '../api/completion';
import { confirmFee, FEES_URL, rejectFee } from '../api/fees';

/** What finance decides on: a fee, its project and its amount. */
export interface DecidedFee {
  id: number;
  status: string;
  feeFen: number;
  companyName: string;
  name: string;
}

/**
 * Finance's decision on a submitted voucher: confirm the money arrived (after a confirmation; the
 * award notice is issued) or reject it with the reason the winner reads. The buttons of one fee,
 * offered only while its voucher waits, and the one reason dialog.
 */
export function useFeeDecision() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const idempotency = useIdempotencyKey();
  const [rejecting, setRejecting] = useState<DecidedFee | null>(null);

  const finish = async (done: string) => {
    idempotency.answered();
    feedback().message.success(done);
    await invalidate(FEES_URL, COMPLETION_URL);
  };

  const buttons = (fee: DecidedFee, size?: 'small'): ReactNode =>
    fee.status === 'submitted' ? (
      <Authorized permissions={[Perm.selection.fee.confirm]}>
        <Space size={size ? 0 : 8} wrap>
          <Button
            type={size ? 'link' : 'primary'}
            size={size}
            icon={<CheckOutlined />}
            onClick={() =>
              confirmOnce(`fee:confirm:${fee.id}`, {
                title: t('completion.fee.confirm'),
                content: t('completion.fee.confirmText', {
                  amount: formatYuan(fee.feeFen),
                  company: fee.companyName,
                  name: fee.name,
                }),
                okText: t('completion.fee.confirm'),
                cancelText: t('common.cancel'),
                run: async () => {
                  await confirmFee(fee.id, idempotency.keyFor({ confirm: fee.id }));
                  await finish(t('completion.fee.confirmed'));
                },
              })
            }
          >
            {t('completion.fee.confirm')}
          </Button>
          <Button
            type={size ? 'link' : 'default'}
            size={size}
            danger
            icon={<CloseOutlined />}
            onClick={() => setRejecting(fee)}
          >
            {t('completion.fee.reject')}
          </Button>
        </Space>
      </Authorized>
    ) : null;

  const dialog = (
    <ReasonDialog
      open={!!rejecting}
      title={t('completion.fee.rejectTitle', { company: rejecting?.companyName ?? '' })}
      onCancel={() => setRejecting(null)}
      onSubmit={async (reason) => {
        await rejectFee(rejecting!.id, reason, idempotency.keyFor({ reject: rejecting!.id, reason }));
        setRejecting(null);
        await finish(t('completion.fee.rejected'));
      }}
    />
  );

  return { buttons, dialog };
}
