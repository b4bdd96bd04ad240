import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import type { PoolPublicityBody } from '@lvb/contracts/pool';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { Facts } from '@/shared/components/facts';
import { TextFilter } from '@/shared/components/list-kit/filters';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { DetailDrawer, fetchRecord, RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { formatTime } from '@/shared/lib/format';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import type { PageState } from '@/shared/components/pagination-bar';
import { cleanQuery, confirmAction, usePagedList } from '@/shared/lib/list';
import { feedback } from '@/shared/lib/notify';
import { request } from '@/shared/lib/request';
import {
  MEMBERS_URL,
  PUBLICITY_URL,
  savePublicity,
  type MemberRow,
  type PublicityDetail,
  type PublicityRow,
} from '../api/pool';
import { MemberFilters, memberFilter } from './member-filters';
import { useMemberColumns } from './pool-parts';

const P = Perm.pool.publicity;

interface PublicityForm {
  title: string;
  intro?: string;
  memberIds: number[];
}

/** The pool's members to choose from: filtered, paged, ticked across pages (a form control). */
function MemberChooser({ value: chosen = [], onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [filter, setFilter] = useState<Record<string, unknown>>({ status: 'active' });
  const [page, setPage] = useState<PageState>({ page: 1, limit: 10 });
  const list = usePagedList<MemberRow>(MEMBERS_URL, cleanQuery(filter), page);
  const columns = useMemberColumns();
  return (
    <div data-testid="pool-member-chooser">
      <Form
        form={form}
        layout="inline"
        initialValues={{ status: 'active' }}
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(values) => {
          setFilter(memberFilter(values));
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <MemberFilters />
        <Form.Item>
          <Button htmlType="submit">{t('admin.search')}</Button>
        </Form.Item>
      </Form>
      <Typography.Text>{t('pool.publicity.chosen', { count: chosen.length })}</Typography.Text>
      <Table<MemberRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange?.(keys.map(Number)),
        }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: list.data?.total ?? 0,
          onChange: (next, limit) => setPage({ page: next, limit }),
        }}
      />
    </div>
  );
}

/** Publishes a new publicity or replaces one: title, introduction and the members it lists. */
function PublicityDialog({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: PublicityDetail | undefined;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PublicityForm>();
  const idempotency = useIdempotencyKey();
  return (
    <FormDialog<PublicityForm>
      open={open}
      title={t(row ? 'pool.publicity.edit' : 'pool.publicity.add')}
      form={form}
      name="pool-publicity"
      width={1000}
      initialValues={row ? { title: row.title, intro: row.intro, memberIds: row.memberIds } : { memberIds: [] }}
      refusalTestId="pool-publicity-refusal"
      onClose={onClose}
      onSubmit={async (v) => {
        const body: PoolPublicityBody = { title: v.title.trim(), intro: v.intro?.trim() ?? '', memberIds: v.memberIds };
        await savePublicity(row?.id, body, idempotency.keyFor(body));
        idempotency.answered();
        feedback().message.success(t('pool.publicity.published'));
        await onSaved();
      }}
    >
      <Form.Item
        name="title"
        label={t('pool.publicity.title')}
        rules={[
          { required: true, whitespace: true, message: t('pool.publicity.titleRequired') },
          { min: 4, max: 200, message: t('pool.publicity.titleRequired') },
        ]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="intro" label={t('pool.publicity.intro')} rules={[{ max: 2000 }]}>
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item
        name="memberIds"
        label={t('pool.publicity.chooseMembers')}
        rules={[{ required: true, type: 'array', min: 1, message: t('pool.publicity.membersRequired') }]}
      >
        <MemberChooser />
      </Form.Item>
    </FormDialog>
  );
}

/** A publicity's facts and the members it lists. */
function PublicityView({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [PUBLICITY_URL, id],
    queryFn: () => fetchRecord<PublicityDetail>(PUBLICITY_URL, id),
  });
  const columns = useMemberColumns();
  const p = detail.data;
  if (!p) return null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="pool-publicity-detail">
      <Facts
        items={[
          { key: 'title', label: t('pool.publicity.title'), children: p.title },
          ...(p.intro ? [{ key: 'intro', label: t('pool.publicity.intro'), children: p.intro }] : []),
          { key: 'by', label: t('pool.publicity.publishedBy'), children: p.createdByName ?? '' },
          { key: 'at', label: t('pool.publicity.publishedAt'), children: formatTime(p.createdAt) },
        ]}
      />
      <Table<MemberRow> size="small" rowKey="id" columns={columns} dataSource={p.members} pagination={false} />
    </Space>
  );
}

/**
 * `marwsup/fixpub`: the publicity of pool members: each publishes a `pool` notice on /pub listing
 * the members chosen; edited (its notice is replaced), withdrawn, exported.
 */
export default function PublicityPage() {
  const { t } = useTranslation();
  const records = useRecordList<PublicityRow, Record<string, unknown>, PublicityDetail>(PUBLICITY_URL);
  const [viewing, setViewing] = useState<PublicityRow | null>(null);
  const columns: TableColumnsType<PublicityRow> = [
    { key: 'title', dataIndex: 'title', title: t('pool.publicity.title') },
    { key: 'members', title: t('pool.publicity.memberCount'), render: (_, p) => p.memberIds.length },
    { key: 'by', title: t('pool.publicity.publishedBy'), render: (_, p) => p.createdByName ?? '' },
    { key: 'at', title: t('pool.publicity.publishedAt'), render: (_, p) => formatTime(p.createdAt) },
  ];
  return (
    <ListFrame testId="pool-publicity-page">
      <RecordList<PublicityRow, Record<string, unknown>, PublicityDetail>
        records={records}
        search={<TextFilter name="title" label={t('pool.publicity.title')} width={220} maxLength={100} />}
        add={[P.add]}
        exportAs={{ permissions: [P.export], fileName: 'pool-publicity.xlsx' }}
        columns={columns}
        fixedActions
        rowActions={(p) => (
          <>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(p)}>
              {t('pool.action.view')}
            </Button>
            <Authorized permissions={[P.edit]}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => records.openRecord(p.id)}>
                {t('pool.action.edit')}
              </Button>
            </Authorized>
            <Authorized permissions={[P.remove]}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  confirmAction(t('pool.publicity.confirmRemove', { title: p.title }), async () => {
                    await request(`${PUBLICITY_URL}/${p.id}`, { method: 'DELETE' });
                    feedback().message.success(t('pool.publicity.withdrawn'));
                    await records.refresh();
                  })
                }
              >
                {t('pool.action.remove')}
              </Button>
            </Authorized>
          </>
        )}
      />
      <PublicityDialog
        open={records.editing !== null}
        row={records.editedRow}
        onClose={records.close}
        onSaved={records.refresh}
      />
      <DetailDrawer
        open={!!viewing}
        title={t('pool.publicity.detail', { title: viewing?.title ?? '' })}
        onClose={() => setViewing(null)}
      >
        {viewing ? <PublicityView id={viewing.id} /> : null}
      </DetailDrawer>
    </ListFrame>
  );
}
