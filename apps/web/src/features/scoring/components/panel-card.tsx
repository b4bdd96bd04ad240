import { Perm } from '@lvb/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { formatTime } from '@/shared/lib/format';
import { submitForm } from '@/shared/lib/form-submit';
import { feedback } from '@/shared/lib/notify';
import { assignPanel } from '../api/assign-panel';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { panelCandidatesQuery } from '../api/panel-candidates';
import type { ScoringDetail } from '../api/scoring-detail';

/**
 * The panel and who has submitted; the owner assigns it while no member has submitted, where the
 * expert pool has nobody to draw for the project (`appoint`).
 */
export function PanelCard({ detail: d, appoint }: { detail: ScoringDetail; appoint: boolean }) {
  const { t } = useTranslation();
  const [assigning, setAssigning] = useState(false);
  return (
    <Card
      size="small"
      title={t('scoring.panel.title')}
      data-testid="scoring-panel"
      extra={
        d.canAssign && appoint ? (
          <Authorized permissions={[Perm.selection.score.edit]}>
            <Button size="small" onClick={() => setAssigning(true)}>
              {t('scoring.panel.assign')}
            </Button>
          </Authorized>
        ) : null
      }
    >
      <Table
        rowKey="userId"
        size="small"
        showHeader={false}
        pagination={false}
        dataSource={d.panel}
        locale={{ emptyText: t('scoring.panel.none') }}
        columns={[
          { key: 'name', dataIndex: 'name' },
          {
            key: 'submitted',
            dataIndex: 'submittedAt',
            render: (at: string | null) =>
              at ? (
                <Tag color="green">{t('scoring.panel.submittedAt', { time: formatTime(at) })}</Tag>
              ) : (
                <Tag>{t('scoring.panel.notYet')}</Tag>
              ),
          },
        ]}
      />
      {assigning ? <AssignPanelModal detail={d} onClose={() => setAssigning(false)} /> : null}
    </Card>
  );
}

function AssignPanelModal({ detail: d, onClose }: { detail: ScoringDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ userIds: number[] }>();
  const candidates = useQuery(panelCandidatesQuery(d.projectId));
  const idempotency = useIdempotencyKey();
  const assign = useMutation({
    mutationFn: (userIds: number[]) => assignPanel(d.projectId, userIds, idempotency.keyFor(userIds)),
    onSuccess: () => {
      idempotency.answered();
      feedback().message.success(t('scoring.panel.assigned'));
      void client.invalidateQueries({ queryKey: ['scoring'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      destroyOnHidden
      title={t('scoring.panel.assignTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={assign.isPending}
      onCancel={onClose}
      onOk={() => void submitForm(form, ({ userIds }) => assign.mutateAsync(userIds))}
    >
      <Form form={form} layout="vertical" initialValues={{ userIds: d.panel.map((m) => m.userId) }}>
        <Form.Item
          name="userIds"
          label={t('scoring.panel.members')}
          extra={t('scoring.panel.membersHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('scoring.panel.required') }]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={candidates.isLoading}
            aria-label={t('scoring.panel.members')}
            options={(candidates.data ?? []).map((c) => ({
              value: c.userId,
              label: `${c.name} (${c.loginUid})${c.deptName ? ` · ${c.deptName}` : ''}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
