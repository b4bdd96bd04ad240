import { DeleteOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Tag, Upload } from 'antd';
import type { TableColumnsType, UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { ResponsiveTable } from '@/shared/components/responsive-table';
import { confirmOnce } from '@/shared/lib/confirm';
import { formatTime } from '@/shared/lib/format';
import { feedback } from '@/shared/lib/notify';
import { bindCertificate, bindingsQuery, BINDINGS_URL, removeBinding, type CaBinding } from './api';
import { CertificateFileError } from './pkcs12';
import './texts';
import './certificates-card.css';

/** A stored name as people read it: the RFC 2253 backslash escapes (`Co.\\, Ltd.`) undone. */
export const readableName = (name: string) =>
  name.replace(/\\([0-9A-Fa-f]{2}|[^])/g, (_, c: string) =>
    c.length === 2 ? String.fromCharCode(parseInt(c, 16)) : c,
  );

/** The common name of a stored one-line name (`C=CN, O=…, CN=Li Wei`): a phone card's heading. */
function commonName(name: string): string {
  const last = [...name.matchAll(/(?:^|, )CN=((?:\\[^]|[^,\\])*)/g)].pop();
  return readableName(last ? last[1]! : name);
}

interface BindValues {
  file: UploadFile[];
  password: string;
}

/**
 * Binds a certificate to the signed-in account: the PKCS#12 file is opened here (the reader loads
 * with the first binding, not with the page), a fresh challenge signed with its key, and the
 * certificate sent with the signature. Why a file could not be opened stands under its field; the
 * server's refusal stays on top of the dialog.
 */
function BindDialog({ open, onClose, onBound }: { open: boolean; onClose: () => void; onBound: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindValues>();
  const bind = async ({ file, password }: BindValues) => {
    const picked = file[0]?.originFileObj;
    try {
      const { openCertificateFile } = await import('./signing');
      if (!picked) throw new CertificateFileError('unreadable');
      await bindCertificate(await openCertificateFile(picked, password));
    } catch (error) {
      if (error instanceof CertificateFileError) {
        const name = error.problem === 'unreadable' ? 'password' : 'file';
        form.setFields([{ name, errors: [t(`ca.${error.problem}`)] }]);
      }
      throw error;
    }
    feedback().message.success(t('ca.bound'));
    onBound();
  };
  return (
    <FormDialog<BindValues>
      open={open}
      title={t('ca.bind')}
      form={form}
      name="bindCertificate"
      okText={t('ca.bind')}
      refusalTestId="bind-certificate-refusal"
      onClose={onClose}
      onSubmit={bind}
    >
      <Alert type="info" showIcon title={t('ca.bindIntro')} className="form-intro" />
      <Form.Item<BindValues>
        name="file"
        label={t('ca.file')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[{ required: true, message: t('ca.fileRequired') }]}
      >
        <Upload accept=".p12,.pfx,application/x-pkcs12" maxCount={1} beforeUpload={() => false}>
          <Button icon={<UploadOutlined />}>{t('ca.chooseFile')}</Button>
        </Upload>
      </Form.Item>
      <Form.Item<BindValues>
        name="password"
        label={t('ca.password')}
        rules={[{ required: true, message: t('ca.passwordRequired') }]}
      >
        <Input.Password autoComplete="off" placeholder={t('ca.passwordPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * "Certificates" of the signed-in account (DESIGN §9): the certificates bound to it, binding
 * another and removing one. Suppliers find it on their company page, employees on their profile.
 */
export function CertificatesCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const bindings = useQuery(bindingsQuery);
  const [binding, setBinding] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: [BINDINGS_URL] });

  const remove = (row: CaBinding) =>
    confirmOnce(`ca:remove:${row.sha256}`, {
      title: t('ca.removeTitle'),
      content: (
        <>
          <p className="cert-subject">{readableName(row.subject)}</p>
          <p>{t('ca.removeConfirm')}</p>
        </>
      ),
      okText: t('ca.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      run: async () => {
        await removeBinding(row.sha256);
        feedback().message.success(t('ca.removed'));
        await refresh();
      },
    });

  const now = Date.now();
  const columns: TableColumnsType<CaBinding> = [
    {
      key: 'subject',
      title: t('ca.subject'),
      dataIndex: 'subject',
      render: (v: string) => <span className="cert-name">{readableName(v)}</span>,
    },
    {
      key: 'issuer',
      title: t('ca.issuer'),
      dataIndex: 'issuer',
      render: (v: string) => <span className="cert-name">{readableName(v)}</span>,
    },
    {
      key: 'serialNumber',
      title: t('ca.serialNumber'),
      dataIndex: 'serialNumber',
      render: (v: string) => <code className="cert-serial">{v}</code>,
    },
    {
      key: 'notAfter',
      title: t('ca.validUntil'),
      dataIndex: 'notAfter',
      render: (v: string) => (
        <span className="cert-nowrap">
          {formatTime(v)} {new Date(v).getTime() < now ? <Tag color="error">{t('ca.expired')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: t('ca.boundAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <span className="cert-nowrap">{formatTime(v)}</span>,
    },
    {
      key: 'actions',
      title: t('ca.actions'),
      render: (_: unknown, row: CaBinding) => (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
          {t('ca.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      className="page-card certificates-card"
      data-testid="certificates-card"
      title={
        <span>
          <SafetyCertificateOutlined /> {t('ca.title')}
        </span>
      }
      extra={
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setBinding(true)}>
          {t('ca.bind')}
        </Button>
      }
    >
      <ResponsiveTable<CaBinding>
        rowKey="sha256"
        size="small"
        pagination={false}
        loading={bindings.isPending}
        dataSource={bindings.data ?? []}
        columns={columns}
        cardTitle={(row) => commonName(row.subject)}
        locale={{ emptyText: t('ca.empty') }}
        data-testid="certificate-list"
      />
      <BindDialog open={binding} onClose={() => setBinding(false)} onBound={() => void refresh()} />
    </Card>
  );
}
