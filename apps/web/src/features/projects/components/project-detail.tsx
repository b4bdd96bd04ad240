import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Empty, Form, Input, Modal, Result, Skeleton, Space, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { ProjectDocuments, useProjectFacts } from '@/shared/components/project-fields';
import { confirmOnce } from '@/shared/lib/confirm';
import { useDict } from '@/shared/lib/dict';
import { submitForm } from '@/shared/lib/form-submit';
import { downloadGet } from '@/shared/lib/download';
import { feedback } from '@/shared/lib/notify';
import type { ProjectAction } from '@lvb/contracts/project-workflow';
import { needsReason, projectQuery, runAction } from '../api/projects';
import { formatTime } from '@/shared/lib/format';
import '@/shared/styles/listings.css';

/**
 * The detail's buttons: the actions the server answered for this caller, which it decides from the
 * workflow table of packages/contracts. Edit opens the form; removal is offered on the list.
 */
const NOT_BUTTONS: readonly ProjectAction[] = ['edit', 'remove'];
/** Styling only: the actions that stop or turn back a project show as danger buttons. */
const DANGER: readonly string[] = ['reject', 'cancel', 'fail'];

interface ProjectDetailProps {
  id: number | null;
  onClose: () => void;
  /** Opens the edit form of a draft (owners only). */
  onEdit?: (id: number) => void;
}

/** A project for staff: its data, documents, timeline and the workflow actions open to the caller. */
export function ProjectDetailDrawer({ id, onClose, onEdit }: ProjectDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const project = useQuery({ ...projectQuery(id ?? 0), enabled: !!id });
  const statuses = useDict('project_status');
  const facts = useProjectFacts();
  const [reasonFor, setReasonFor] = useState<ProjectAction | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const act = useMutation({
    mutationFn: ({ action, reason }: { action: ProjectAction; reason?: string }) => runAction(id!, action, reason),
    onSuccess: (_, { action }) => {
      feedback().message.success(t(`projects.actionDone.${action}`));
      setReasonFor(null);
      form.resetFields();
      void client.invalidateQueries({ queryKey: ['projects'] });
    },
  });

  const start = (action: ProjectAction) => {
    if (needsReason(action)) {
      setReasonFor(action);
      return;
    }
    confirmOnce(`project:${id}:${action}`, {
      title: t(`projects.action.${action}`),
      content: t(`projects.confirm.${action}`, { name: project.data?.name ?? '' }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      run: () => act.mutateAsync({ action }),
    });
  };

  const p = project.data;
  const actions = p?.actions ?? [];
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={860}
      title={p ? `${p.code} ${p.name}` : t('projects.detail')}
      destroyOnHidden
      className="project-detail"
      extra={
        p ? (
          <div className="project-detail__actions" data-testid="project-actions">
            {actions.includes('edit') && onEdit ? (
              <Button onClick={() => onEdit(p.id)}>{t('common.edit')}</Button>
            ) : null}
            {actions
              .filter((a) => !NOT_BUTTONS.includes(a))
              .map((a) => (
                <Button
                  key={a}
                  type={DANGER.includes(a) ? 'default' : 'primary'}
                  danger={DANGER.includes(a)}
                  loading={act.isPending && act.variables?.action === a}
                  onClick={() => start(a)}
                >
                  {t(`projects.action.${a}`)}
                </Button>
              ))}
          </div>
        ) : null
      }
    >
      {project.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : project.isError ? (
        <Result status="warning" title={t('common.loadFailed')} subTitle={project.error.message} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            data-testid="project-detail"
            items={[
              {
                key: 'status',
                label: t('projects.field.status'),
                children: <DictTag options={statuses.data} value={p!.status} />,
              },
              { key: 'publicity', label: t('projects.field.publicityDays'), children: p!.publicityDays },
              ...facts(p!),
              {
                key: 'qualification',
                label: t('projects.field.qualification'),
                span: 2,
                children: <div className="project-text">{p!.qualification}</div>,
              },
              {
                key: 'description',
                label: t('projects.field.description'),
                span: 2,
                children: <div className="project-text">{p!.description}</div>,
              },
            ]}
          />
          <ProjectDocuments
            size="small"
            documents={p!.documents}
            download={(d) => downloadGet('/common/download', { fileName: d.fileName }, d.originalName)}
          />
          <Card size="small" title={t('projects.timeline.title')} data-testid="project-timeline">
            {p!.timeline.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Timeline
                items={p!.timeline.map((e) => {
                  const action = e.action.replace(/^project\./, '');
                  const reason = typeof e.data.reason === 'string' ? e.data.reason : null;
                  return {
                    key: e.id,
                    color: DANGER.includes(action) ? 'red' : action === 'approve' ? 'green' : 'blue',
                    title: formatTime(e.createdAt),
                    content: (
                      <div>
                        <strong>{t(`projects.timeline.actions.${action}`, { defaultValue: e.action })}</strong>
                        {e.actorName ? <span className="muted"> · {e.actorName}</span> : null}
                        {reason ? (
                          <div>
                            {t('projects.field.reason')}: {reason}
                          </div>
                        ) : null}
                      </div>
                    ),
                  };
                })}
              />
            )}
          </Card>
        </Space>
      )}
      <Modal
        open={!!reasonFor}
        title={reasonFor ? t(`projects.action.${reasonFor}`) : ''}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, loading: act.isPending }}
        onCancel={() => setReasonFor(null)}
        onOk={() => void submitForm(form, ({ reason }) => act.mutateAsync({ action: reasonFor!, reason }))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('projects.field.reason')}
            rules={[
              { required: true, whitespace: true, message: t('projects.validation.reason') },
              { min: 2, max: 1000, message: t('projects.validation.reason') },
            ]}
          >
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
