import { EyeOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import { PROJECT_NOTICE_TYPES } from '@lvb/contracts/results';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { NoticeModal } from '@/shared/components/notice-modal';
import { RichTextField } from '@/shared/components/rich-text-field';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { feedback } from '@/shared/lib/notify';
import {
  createProjectNotice,
  PROJECT_NOTICES_URL,
  projectNoticeQuery,
  type ProjectNoticeInput,
  type ProjectNoticeRow,
} from '../api/project-notices';
import { ProjectPicker } from './project-picker';

type Filter = { projectId?: number; keyword?: string };

/**
 * `mandraw/notice`: the public notices of the projects in the caller's scope (announcements,
 * corrections, results…), one read in full; the owner publishes a correction or an announcement
 * of a published project, at once, to the public `/pub` page.
 */
export default function ProjectNoticesPage() {
  const { t } = useTranslation();
  const types = useDict('notice_type');
  const notices = useRecordList<ProjectNoticeRow, Filter>(PROJECT_NOTICES_URL, { also: ['notices'] });
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: TableColumnsType<ProjectNoticeRow> = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('results.notice.title'),
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    {
      key: 'project',
      title: t('results.field.project'),
      render: (_, n) => (
        <Space orientation="vertical" size={0}>
          <span>{n.projectName}</span>
          <Typography.Text type="secondary">{n.projectCode}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('results.notice.type'),
      render: (_, n) => <DictTag options={types.data} value={n.noticeType} />,
    },
    { key: 'author', title: t('results.notice.author'), render: (_, n) => n.createdByName ?? '' },
    { key: 'createdAt', title: t('results.notice.publishedAt'), render: (_, n) => formatTime(n.createdAt) },
  ];

  return (
    <ListFrame testId="project-notices">
      <RecordList<ProjectNoticeRow, Filter>
        records={notices}
        search={
          <>
            <Form.Item name="projectId" label={t('results.field.project')}>
              <ProjectPicker width={260} allowClear />
            </Form.Item>
            <TextFilter name="keyword" label={t('results.notice.keyword')} width={200} maxLength={100} />
          </>
        }
        add={[Perm.selection.notice.add]}
        columns={columns}
        rowActions={(n) => (
          <Authorized permissions={[Perm.selection.notice.query]}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(n.id)}>
              {t('results.view')}
            </Button>
          </Authorized>
        )}
      />
      <NoticeDialog records={notices} />
      <NoticeView id={viewing} onClose={() => setViewing(null)} />
    </ListFrame>
  );
}

/** A notice as the public reads it on `/pub`. */
function NoticeView({ id, onClose }: { id: number | null; onClose: () => void }) {
  const types = useDict('notice_type');
  const notice = useQuery({ ...projectNoticeQuery(id ?? 0), enabled: id !== null });
  const n = notice.data;
  return (
    <NoticeModal
      open={id !== null}
      notice={n}
      testId="project-notice"
      onClose={onClose}
      meta={
        n ? (
          <>
            <DictTag options={types.data} value={n.noticeType} />
            <span>
              {n.projectCode} {n.projectName}
            </span>
            <span className="muted">{formatTime(n.createdAt)}</span>
          </>
        ) : null
      }
    />
  );
}

function NoticeDialog({ records }: { records: RecordListState<ProjectNoticeRow, Filter> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectNoticeInput>();
  const idempotency = useIdempotencyKey();
  return (
    <FormDialog<ProjectNoticeInput>
      open={records.editing !== null}
      title={t('results.notice.addTitle')}
      form={form}
      name="project-notice"
      width={860}
      initialValues={{ noticeType: 'correction', content: '' }}
      okText={t('results.notice.publish')}
      onClose={records.close}
      onSubmit={async (v) => {
        const notice = { ...v, title: v.title.trim() };
        await createProjectNotice(notice, idempotency.keyFor(notice));
        idempotency.answered();
        feedback().message.success(t('results.notice.published'));
        await records.refresh();
      }}
    >
      <Typography.Paragraph type="secondary">{t('results.notice.hint')}</Typography.Paragraph>
      <Form.Item
        name="projectId"
        label={t('results.field.project')}
        rules={[{ required: true, message: t('results.notice.projectRequired') }]}
      >
        <ProjectPicker />
      </Form.Item>
      <Form.Item name="noticeType" label={t('results.notice.type')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={PROJECT_NOTICE_TYPES.map((type) => ({ value: type, label: t(`results.notice.types.${type}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('results.notice.title')}
        rules={[{ required: true, whitespace: true, message: t('results.notice.titleRequired') }, { max: 200 }]}
      >
        <Input maxLength={200} showCount />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('results.notice.content')}
        rules={[{ required: true, message: t('results.notice.contentRequired') }]}
      >
        <RichTextField placeholder={t('results.notice.contentPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
