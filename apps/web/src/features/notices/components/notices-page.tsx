import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { noticeDetail, noticeRow } from '@lvb/contracts/notices';
import type { WireOf } from '@lvb/contracts/wire';
import { Button, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { DeleteSelectedButton, ListFrame } from '@/shared/components/list-kit/list-frame';
import { fetchRecord, RecordList, useRecordList, type RecordListState } from '@/shared/components/list-kit/list-page';
import { EditLink, timeColumn } from '@/shared/components/list-kit/list-parts';
import { NoticeModal } from '@/shared/components/notice-modal';
import { RichTextField } from '@/shared/components/rich-text-field';
import { useDictOptions } from '@/shared/lib/dict-options';
import { confirmAction, formatTime } from '@/shared/lib/list';
import '@/shared/styles/listings.css';

const URL = '/api/system/notices';
const can = (action: string) => [`system:notice:${action}`];
const AUDIENCES = ['all', 'suppliers', 'staff'] as const;
type Audience = (typeof AUDIENCES)[number];

type NoticeRow = WireOf<typeof noticeRow>;
type NoticeDetail = WireOf<typeof noticeDetail>;
interface NoticeForm {
  title: string;
  noticeType: string;
  audience: Audience;
  status: '0' | '1';
  content: string;
}

/** system/notice: notices with rich text for everyone, suppliers or staff, sanitised on the server. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const types = useDictOptions('notice_type');
  const states = useDictOptions('sys_notice_status');
  // The notices people see (`/api/notices/mine`) change with every edit here.
  const notices = useRecordList<NoticeRow, Record<string, unknown>, NoticeDetail>(URL, { also: ['notices'] });
  const [selected, setSelected] = useState<Key[]>([]);
  const [viewing, setViewing] = useState<NoticeDetail | null>(null);

  const remove = (ids: Key[], name: string) =>
    confirmAction(t('admin.confirmDelete', { name }), async () => {
      await notices.remove(ids.map(String));
      setSelected([]);
    });

  const columns: TableColumnsType<NoticeRow> = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('notices.title'),
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('notices.type'),
      render: (_, r) => <DictTag options={types.dict} value={r.noticeType} />,
    },
    {
      key: 'audience',
      title: t('notices.audience'),
      render: (_, r) => <Tag>{t(`notices.audiences.${r.audience as Audience}`)}</Tag>,
    },
    { key: 'status', title: t('admin.status'), render: (_, r) => <DictTag options={states.dict} value={r.status} /> },
    { key: 'author', dataIndex: 'createdByName', title: t('notices.author') },
    timeColumn('createdAt', t('admin.createdAt')),
  ];

  return (
    <ListFrame testId="notices-page">
      <RecordList<NoticeRow, Record<string, unknown>, NoticeDetail>
        records={notices}
        search={
          <>
            <TextFilter name="title" label={t('notices.title')} width={200} maxLength={200} />
            <SelectFilter name="noticeType" label={t('notices.type')} width={160} options={types.options} />
            <SelectFilter name="status" label={t('admin.status')} width={130} options={states.options} />
          </>
        }
        add={can('add')}
        actions={
          <DeleteSelectedButton
            permissions={can('remove')}
            count={selected.length}
            onClick={() => remove(selected, t('notices.selectedCount', { count: selected.length }))}
          />
        }
        exportAs={{ permissions: can('export'), fileName: 'notices.xlsx' }}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        rowActions={(r) => (
          <>
            <Authorized permissions={can('query')}>
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                onClick={() => void fetchRecord<NoticeDetail>(URL, r.id).then(setViewing, () => undefined)}
              >
                {t('notices.preview')}
              </Button>
            </Authorized>
            <EditLink permissions={can('edit')} onClick={() => void notices.openRecord(r.id)} />
            <Authorized permissions={can('remove')}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([r.id], r.title)}>
                {t('admin.delete')}
              </Button>
            </Authorized>
          </>
        )}
      />
      <NoticeDialog records={notices} />
      <NoticePreview notice={viewing} onClose={() => setViewing(null)} />
    </ListFrame>
  );
}

/** A notice as its readers will see it. */
function NoticePreview({ notice, onClose }: { notice: NoticeDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const types = useDictOptions('notice_type');
  return (
    <NoticeModal
      open={notice !== null}
      notice={notice}
      testId="notice-preview"
      onClose={onClose}
      meta={
        notice ? (
          <>
            <DictTag options={types.dict} value={notice.noticeType} />
            <Tag>{t(`notices.audiences.${notice.audience as Audience}`)}</Tag>
            <span className="muted">{formatTime(notice.createdAt)}</span>
          </>
        ) : null
      }
    />
  );
}

function NoticeDialog({ records }: { records: RecordListState<NoticeRow, Record<string, unknown>, NoticeDetail> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeForm>();
  const types = useDictOptions('notice_type');
  const row = records.editedRow;
  return (
    <FormDialog<NoticeForm>
      open={records.editing !== null}
      title={row ? t('notices.editTitle') : t('notices.addTitle')}
      form={form}
      name="notice"
      width={860}
      initialValues={
        row
          ? { ...row, audience: row.audience as Audience, status: row.status === '1' ? '1' : '0' }
          : { noticeType: 'notification', audience: 'all', status: '0', content: '' }
      }
      onClose={records.close}
      onSubmit={(v) => records.save(row?.id, { ...v, title: v.title.trim() })}
    >
      <Form.Item
        name="title"
        label={t('notices.title')}
        rules={[{ required: true, whitespace: true, message: t('notices.titleRequired') }, { max: 200 }]}
      >
        <Input maxLength={200} showCount />
      </Form.Item>
      <Space wrap size="large" align="start">
        <Form.Item name="noticeType" label={t('notices.type')} rules={[{ required: true }]}>
          <Select style={{ width: 180 }} options={types.options} />
        </Form.Item>
        <Form.Item name="audience" label={t('notices.audience')}>
          <Radio.Group
            optionType="button"
            options={AUDIENCES.map((a) => ({ value: a, label: t(`notices.audiences.${a}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Radio.Group
            options={[
              { value: '0', label: t('notices.published') },
              { value: '1', label: t('notices.closed') },
            ]}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="content"
        label={t('notices.content')}
        rules={[{ required: true, message: t('notices.contentRequired') }]}
      >
        <RichTextField placeholder={t('notices.contentPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
