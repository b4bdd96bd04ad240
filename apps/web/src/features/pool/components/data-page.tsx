import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Perm } from '@lvb/contracts/permissions';
import type { PoolImportError } from '@lvb/contracts/pool';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { cleanQuery } from '@/shared/lib/list';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { downloadTemplate, exportMembers, importMembers, MEMBERS_URL, type ImportOutcome } from '../api/pool';
import { MemberFilters, memberFilter } from './member-filters';

const D = Perm.pool.data;

/** Uploads a workbook and shows what came of it: the count, or every row's problem. */
function ImportCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const upload = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await importMembers(file);
      setOutcome(answer);
      if ('imported' in answer) await client.invalidateQueries({ queryKey: [MEMBERS_URL] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card type="inner" title={t('pool.data.importTitle')} data-testid="pool-import">
      <Typography.Paragraph type="secondary">{t('pool.data.importIntro')}</Typography.Paragraph>
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void downloadTemplate('pool-import-template.xlsx').catch(() => undefined)}
        >
          {t('pool.data.template')}
        </Button>
        <Authorized permissions={[D.import]}>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              {busy ? t('pool.data.importing') : t('pool.data.upload')}
            </Button>
          </Upload>
        </Authorized>
      </Space>
      {outcome && 'imported' in outcome ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          data-testid="pool-imported"
          title={t('pool.data.imported', { count: outcome.imported })}
        />
      ) : null}
      {outcome && 'refused' in outcome ? (
        <div style={{ marginTop: 16 }} data-testid="pool-import-errors">
          <Alert
            type="error"
            showIcon
            title={outcome.errors.length > 0 ? t('pool.data.refused') : outcome.refused}
            description={outcome.errors.length > 0 ? outcome.refused : undefined}
          />
          {outcome.errors.length > 0 ? (
            <Table<PoolImportError>
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
              pagination={outcome.errors.length > 50 ? { pageSize: 50 } : false}
              dataSource={outcome.errors}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('pool.data.row'), width: 80 },
                { key: 'column', dataIndex: 'column', title: t('pool.data.column'), width: 180 },
                { key: 'message', dataIndex: 'message', title: t('pool.data.problem') },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

/** Exports the members the filters choose. */
function ExportCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <Card type="inner" title={t('pool.data.exportTitle')}>
      <Typography.Paragraph type="secondary">{t('pool.data.exportIntro')}</Typography.Paragraph>
      <Form form={form} layout="inline" style={{ rowGap: 12 }}>
        <MemberFilters />
        <Form.Item>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void exportMembers(cleanQuery(memberFilter(form.getFieldsValue())), 'contractor-pool.xlsx').catch(
                () => undefined,
              )
            }
          >
            {t('admin.export')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * `marwsup/datatb`: the pool's data in and out. Import: the template, an upload checked row by row
 * (all rows or none; a refusal lists each row's problem); export of the filtered members.
 */
export default function DataPage() {
  return (
    <ListFrame testId="pool-data-page">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <ImportCard />
        <Authorized permissions={[D.export]}>
          <ExportCard />
        </Authorized>
      </Space>
    </ListFrame>
  );
}
