import { DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Drawer, Form, Input, InputNumber, Radio, Space, Tooltip } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { useIsMobile } from '@/shared/lib/app-state';
import { dictLabel, useDict } from '@/shared/lib/dict';
import './master-data.css';

/** Building blocks shared by the five master-data pages. */

export const perm = (resource: string, action: string) => [`basic:${resource}:${action}`];

export function PageFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Card className="page-card master-data-page" data-testid={testId}>
      {children}
    </Card>
  );
}

/** Inline search form with Search and Reset; full width on phones. */
export function SearchBar<T extends object>({
  form,
  onSearch,
  children,
}: {
  form: FormInstance<T>;
  onSearch: (values: Partial<T>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<T>
      form={form}
      name="md-search"
      layout="inline"
      className="md-search"
      onFinish={(v) => onSearch(v)}
      aria-label={t('masterData.search')}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('masterData.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** Add and export on the left (each behind its permission), refresh on the right. */
export function ToolRow({
  resource,
  onAdd,
  onExport,
  onRefresh,
  extra,
}: {
  resource: string;
  onAdd: () => void;
  onExport?: () => void;
  onRefresh: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="md-toolbar">
      <Space wrap>
        <Authorized permissions={perm(resource, 'add')}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd}>
            {t('masterData.add')}
          </Button>
        </Authorized>
        {onExport ? (
          <Authorized permissions={perm(resource, 'export')}>
            <Button icon={<DownloadOutlined />} onClick={onExport}>
              {t('masterData.export')}
            </Button>
          </Authorized>
        ) : null}
        {extra}
      </Space>
      <Tooltip title={t('common.refresh')}>
        <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={onRefresh} />
      </Tooltip>
    </div>
  );
}

/** The form drawer: title, the server's refusal kept on top, Save / Cancel at the bottom. */
export function FormDrawer({
  open,
  title,
  busy,
  refusal,
  onClose,
  onSave,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  refusal: string | null;
  onClose: () => void;
  onSave: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={mobile ? '100%' : 520}
      destroyOnHidden
      data-testid={testId}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={onSave}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {refusal ? (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="md-refusal" />
      ) : null}
      {children}
    </Drawer>
  );
}

/** Status options of dictionary `sys_normal_disable`, in the interface language. */
export function useStatusOptions() {
  const { i18n } = useTranslation();
  const dict = useDict('sys_normal_disable');
  return {
    dict: dict.data,
    options: (dict.data ?? []).map((o) => ({ value: o.dictValue, label: dictLabel(o, i18n.language) })),
  };
}

export function StatusTag({ value }: { value: string }) {
  const { dict } = useStatusOptions();
  return <DictTag options={dict} value={value} />;
}

/** English name, Chinese name, order and status: the fields every named row has. */
export function NameFields() {
  const { t } = useTranslation();
  const status = useStatusOptions();
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item
          name="name"
          label={t('masterData.field.name')}
          rules={[
            { required: true, whitespace: true, message: t('masterData.validation.nameRequired') },
            { max: 50, message: t('masterData.validation.max50') },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="nameZh"
          label={t('masterData.field.nameZh')}
          rules={[{ max: 50, message: t('masterData.validation.max50') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="orderNum" label={t('masterData.field.orderNum')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="status" label={t('masterData.field.status')}>
          <Radio.Group options={status.options} />
        </Form.Item>
      </Col>
    </>
  );
}

export interface NameValues {
  name: string;
  nameZh?: string;
  orderNum?: number;
  status?: '0' | '1';
}

/** Trims the names and fills the defaults the server expects. */
export function nameBody(v: NameValues) {
  return { name: v.name.trim(), nameZh: (v.nameZh ?? '').trim(), orderNum: v.orderNum ?? 0, status: v.status ?? '0' };
}

/** Edit and remove links of a row, each behind its permission. */
export function RowActions({
  resource,
  onEdit,
  onRemove,
  extra,
}: {
  resource: string;
  onEdit: () => void;
  onRemove: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap>
      {extra}
      <Authorized permissions={perm(resource, 'edit')}>
        <Button type="link" size="small" onClick={onEdit}>
          {t('common.edit')}
        </Button>
      </Authorized>
      <Authorized permissions={perm(resource, 'remove')}>
        <Button type="link" size="small" danger onClick={onRemove}>
          {t('masterData.remove')}
        </Button>
      </Authorized>
    </Space>
  );
}
