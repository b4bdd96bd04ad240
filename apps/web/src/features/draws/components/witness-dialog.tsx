import { entropyRule, useBindingStep } from '@/shared/lib/binding-step';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/shared/lib/app-state';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { drawNow, type DrawRow } from '../api/draws';

function WitnessModal({ draw, onClose, onDrawn }: { draw: DrawRow; onClose: () => void; onDrawn: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [form] = Form.useForm<{ entropy: string }>();
  const idempotency = useIdempotencyKey();
  const [entropy, setEntropy] = useState<string | null>(null);
  const { busy, refusal, clearRefusal, run: bind } = useBindingStep();

  const next = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    clearRefusal();
    setEntropy((v.entropy ?? '').trim());
  };

  const run = () =>
    entropy === null
      ? undefined
      : bind(async () => {
          await drawNow(draw.id, entropy, idempotency.keyFor({ draw: draw.id, entropy }));
          idempotency.answered();
          feedback().message.success(t('draws.witness.done'));
          onDrawn();
          onClose();
        });

  return (
    <Modal
      open
      title={t('draws.witness.title', { project: draw.projectName })}
      onCancel={onClose}
      mask={{ closable: false }}
      width={mobile ? '100%' : 560}
      footer={
        entropy === null ? (
          <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={() => void next()}>
              {t('draws.witness.next')}
            </Button>
          </Space>
        ) : (
          <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={() => setEntropy(null)} disabled={busy}>
              {t('draws.witness.back')}
            </Button>
            <Button type="primary" danger loading={busy} onClick={() => void run()}>
              {t('draws.witness.ok')}
            </Button>
          </Space>
        )
      }
    >
      <div hidden={entropy !== null}>
        <Typography.Paragraph>{t('draws.witness.intro')}</Typography.Paragraph>
        <Form form={form} name="draw-witness" layout="vertical" initialValues={{ entropy: '' }}>
          <Form.Item
            name="entropy"
            label={t('draws.witness.entropy')}
            rules={[entropyRule(t('draws.witness.entropyInvalid'))]}
          >
            <Input inputMode="numeric" autoComplete="off" maxLength={40} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Form>
      </div>
      {entropy !== null ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="draw-confirm">
          <Alert
            type="warning"
            showIcon
            title={t('draws.witness.confirm', { entropy: entropy || t('draws.noEntropy') })}
          />
          {refusal ? <Alert type="error" showIcon title={refusal} data-testid="draw-refusal" /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}

/**
 * The witness's draw: optional entropy digits (up to 32), then a confirmation before the binding
 * call. A refusal (before the draw time, the project not under evaluation) stays in the dialog.
 */
export function WitnessDialog({
  draw,
  onClose,
  onDrawn,
}: {
  draw: DrawRow | null;
  onClose: () => void;
  onDrawn: () => void;
}) {
  return draw ? <WitnessModal key={draw.id} draw={draw} onClose={onClose} onDrawn={onDrawn} /> : null;
}
