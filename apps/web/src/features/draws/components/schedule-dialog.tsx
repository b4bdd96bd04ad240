import type { DrawScheduleBody } from '@lvb/contracts/draws';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Modal, Select, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeRegionFields } from '@/shared/components/type-region-fields';
import { refusalText } from '@/shared/components/list-kit/form-dialog';
import { NumberInput } from '@/shared/components/number-input';
import { useIsMobile } from '@/shared/lib/app-state';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import { numberRule, numberValue } from '@/shared/lib/strict-number';
import {
  drawPreviewQuery,
  scheduleDraw,
  schedulableQuery,
  type PreviewParams,
  type SchedulableProject,
} from '../api/draws';

interface Values {
  projectId?: number;
  typeId?: number;
  subCategoryId?: number | null;
  placeId?: number;
  reserves?: string;
}

/** The candidates a schedule would freeze now, and the binding warning above the confirm button. */
function PreviewStep({ params }: { params: PreviewParams }) {
  const { t } = useTranslation();
  const preview = useQuery(drawPreviewQuery(params));
  if (preview.isPending) return <Skeleton active />;
  if (preview.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('draws.schedule.previewFailed')}
        description={refusalText(preview.error) ?? preview.error.message}
        data-testid="draw-preview-error"
      />
    );
  const { candidates, excludedRecent } = preview.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="draw-preview">
      <div>
        <Typography.Text strong>{t('draws.schedule.count', { count: candidates.length })}</Typography.Text>
        {excludedRecent > 0 ? (
          <div>
            <Typography.Text type="secondary">
              {t('draws.schedule.excluded', { count: excludedRecent })}
            </Typography.Text>
          </div>
        ) : null}
      </div>
      {candidates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('draws.schedule.noCandidates')} />
      ) : (
        <>
          <Table
            size="small"
            rowKey="memberId"
            pagination={false}
            scroll={{ y: 280 }}
            dataSource={candidates}
            columns={[
              { key: 'creditCode', dataIndex: 'creditCode', title: t('draws.field.creditCode') },
              { key: 'companyName', dataIndex: 'companyName', title: t('draws.field.company') },
            ]}
          />
          <Alert type="warning" showIcon title={t('draws.schedule.binding')} data-testid="draw-binding" />
        </>
      )}
    </Space>
  );
}

function ScheduleModal({ onClose, onScheduled }: { onClose: () => void; onScheduled: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [form] = Form.useForm<Values>();
  const projects = useQuery(schedulableQuery());
  const idempotency = useIdempotencyKey();
  const [body, setBody] = useState<DrawScheduleBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const projectId = Form.useWatch('projectId', form);
  const project = projects.data?.find((p) => p.projectId === projectId);
  const preview = useQuery({
    ...drawPreviewQuery(body ?? { projectId: 0, typeId: 0, subCategoryId: null, placeId: 0 }),
    enabled: !!body,
  });

  const choose = (p: SchedulableProject | undefined) => {
    if (!p) return;
    form.setFieldsValue({ typeId: p.typeId, subCategoryId: p.subCategoryId, placeId: p.placeId });
  };

  const toPreview = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setRefusal(null);
    setBody({
      projectId: v.projectId!,
      typeId: v.typeId!,
      subCategoryId: v.subCategoryId ?? null,
      placeId: v.placeId!,
      reserves: numberValue(v.reserves) ?? 0,
    });
  };

  const schedule = async () => {
    if (!body) return;
    setBusy(true);
    setRefusal(null);
    try {
      await scheduleDraw(body, idempotency.keyFor(body));
      idempotency.answered();
      feedback().message.success(t('draws.schedule.done'));
      onScheduled();
      onClose();
    } catch (error) {
      setRefusal(refusalText(error) ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  };

  const canSchedule = !!preview.data && preview.data.candidates.length > 0 && !busy;
  const footer = body ? (
    <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={() => setBody(null)} disabled={busy}>
        {t('draws.schedule.back')}
      </Button>
      <Button type="primary" danger loading={busy} disabled={!canSchedule} onClick={() => void schedule()}>
        {t('draws.schedule.ok')}
      </Button>
    </Space>
  ) : (
    <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="primary" onClick={() => void toPreview()}>
        {t('draws.schedule.preview')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      title={t('draws.schedule.title')}
      onCancel={onClose}
      footer={footer}
      width={mobile ? '100%' : 680}
      mask={{ closable: false }}
    >
      <div hidden={!!body}>
        <Form<Values>
          form={form}
          name="draw-schedule"
          layout="vertical"
          initialValues={{ reserves: '2', subCategoryId: null }}
        >
          <Form.Item
            name="projectId"
            label={t('draws.schedule.project')}
            rules={[{ required: true, message: t('draws.schedule.projectRequired') }]}
            extra={
              projects.data && projects.data.length === 0
                ? t('draws.schedule.noProjects')
                : project
                  ? `${t('draws.field.drawAt')}: ${formatTime(project.drawAt)}`
                  : undefined
            }
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={projects.isPending}
              options={(projects.data ?? []).map((p) => ({
                value: p.projectId,
                label: `${p.projectName} (${p.projectCode})`,
              }))}
              onChange={(id: number) => choose(projects.data?.find((p) => p.projectId === id))}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('draws.schedule.prefilled')}</Typography.Paragraph>
          <TypeRegionFields
            form={form}
            labels={{
              type: t('draws.field.type'),
              typeRequired: t('draws.schedule.typeRequired'),
              subCategory: t('draws.field.subCategory'),
              place: t('draws.field.place'),
              placeRequired: t('draws.schedule.placeRequired'),
            }}
          />
          <Form.Item
            name="reserves"
            label={t('draws.field.reserves')}
            extra={t('draws.schedule.reservesHint')}
            rules={[numberRule(t, { required: true, min: 0, max: 20 })]}
          >
            <NumberInput inputMode="numeric" maxLength={2} style={{ width: 120 }} />
          </Form.Item>
        </Form>
      </div>
      {body ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {t('draws.schedule.previewTitle')}: {project ? `${project.projectName} (${project.projectCode})` : ''} ·{' '}
            {t('draws.field.reserves')} {body.reserves}
          </Typography.Text>
          <PreviewStep params={body} />
          {refusal ? <Alert type="error" showIcon title={refusal} data-testid="draw-schedule-refusal" /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}

/**
 * The owner's scheduling of a pool draw: a project waiting for one (its type, sub-category and
 * region filled in, editable), the number of reserves, then the candidates the list would freeze
 * (and how many were left out as drawn recently) before the binding step that freezes and
 * publishes it.
 */
export function ScheduleDialog({
  open,
  onClose,
  onScheduled,
}: {
  open: boolean;
  onClose: () => void;
  onScheduled: () => void;
}) {
  return open ? <ScheduleModal onClose={onClose} onScheduled={onScheduled} /> : null;
}
