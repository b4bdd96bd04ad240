import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space, Switch, Tooltip } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { ColumnSettings, type ColumnOption } from '@/shared/components/column-settings';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { confirmAction, exportList } from '@/shared/lib/list';
import type { Query } from '@/shared/lib/request';
import './list-kit.css';

/** The card every admin list sits in: optional search form, toolbar, then the table. */
export function ListFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Card className="page-card admin-page" data-testid={testId}>
      {children}
    </Card>
  );
}

interface SearchFormProps<T> {
  form: FormInstance<T>;
  onSearch: (values: T) => void;
  onReset: () => void;
  children: ReactNode;
  hidden?: boolean;
}

/** Inline search form (RuoYi style) with Search and Reset; wraps on narrow screens. */
export function SearchForm<T extends object>({ form, onSearch, onReset, children, hidden }: SearchFormProps<T>) {
  const { t } = useTranslation();
  if (hidden) return null;
  return (
    <Form
      form={form}
      name="search"
      layout="inline"
      className="admin-search"
      onFinish={onSearch}
      aria-label={t('admin.search')}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('admin.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** Toolbar: actions on the left; search toggle, refresh and column settings on the right. */
export function Toolbar({
  children,
  onRefresh,
  onToggleSearch,
  columns,
  onToggleColumn,
}: {
  children?: ReactNode;
  onRefresh: () => void;
  onToggleSearch?: () => void;
  columns?: ColumnOption[];
  onToggleColumn?: (key: string, visible: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-toolbar">
      <Space wrap>{children}</Space>
      <Space>
        {onToggleSearch ? (
          <Tooltip title={t('admin.toggleSearch')}>
            <Button
              shape="circle"
              icon={<SearchOutlined />}
              onClick={onToggleSearch}
              aria-label={t('admin.toggleSearch')}
            />
          </Tooltip>
        ) : null}
        <Tooltip title={t('common.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('common.refresh')} />
        </Tooltip>
        {columns && onToggleColumn ? <ColumnSettings columns={columns} onToggle={onToggleColumn} /> : null}
      </Space>
    </div>
  );
}

export function AddButton({ permissions, onClick }: { permissions: readonly string[]; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Authorized permissions={permissions}>
      <Button type="primary" ghost icon={<PlusOutlined />} onClick={onClick}>
        {t('admin.add')}
      </Button>
    </Authorized>
  );
}

/** Downloads the list as the current filter narrows it, from the list call's `/export`. */
export function ExportButton({
  permissions,
  url,
  query,
  fileName,
}: {
  permissions: readonly string[];
  /** The list call; the file comes from `${url}/export`. */
  url: string;
  query: Query;
  fileName: string;
}) {
  const { t } = useTranslation();
  return (
    <Authorized permissions={permissions}>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => exportList(`${url}/export`, query, fileName)}
        // RuoYi's warning orange #e6a23c, darkened to 5:1 on white for its text.
        style={{ color: '#996414', borderColor: '#996414' }}
      >
        {t('admin.export')}
      </Button>
    </Authorized>
  );
}

/** Deletes the rows ticked in the table; disabled while none is. */
export function DeleteSelectedButton({
  permissions,
  count,
  onClick,
}: {
  permissions: readonly string[];
  count: number;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Authorized permissions={permissions}>
      <Button danger icon={<DeleteOutlined />} disabled={count === 0} onClick={onClick}>
        {t('admin.delete')}
      </Button>
    </Authorized>
  );
}

/** Enable/disable switch that asks first; without the edit permission it only shows the state. */
export function StatusSwitch({
  status,
  name,
  permissions,
  onChange,
}: {
  status: string;
  name: string;
  permissions: readonly string[];
  onChange: (next: '0' | '1') => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const enabled = status === '0';
  const view = (
    <Switch
      size="small"
      checked={enabled}
      disabled
      checkedChildren={t('admin.enabled')}
      unCheckedChildren={t('admin.disabled')}
    />
  );
  return (
    <Authorized permissions={permissions} fallback={view}>
      <Switch
        size="small"
        checked={enabled}
        checkedChildren={t('admin.enabled')}
        unCheckedChildren={t('admin.disabled')}
        aria-label={t('admin.status')}
        onChange={() =>
          confirmAction(
            t(enabled ? 'admin.confirmDisable' : 'admin.confirmEnable', { name }),
            () => onChange(enabled ? '1' : '0'),
            enabled,
          )
        }
      />
    </Authorized>
  );
}

/** Asks a reason (blacklist, reject): at least 2 characters, sent with `onSubmit`. */
export function ReasonDialog({
  open,
  title,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormDialog<{ reason: string }>
      open={open}
      title={title}
      form={form}
      name="reason"
      width={520}
      okText={t('common.confirm')}
      onClose={onCancel}
      onSubmit={({ reason }) => onSubmit(reason.trim())}
    >
      <Form.Item
        name="reason"
        label={t('admin.reason')}
        rules={[
          { required: true, whitespace: true, message: t('admin.reasonRequired') },
          { min: 2, message: t('admin.reasonRequired') },
          { max: 500 },
        ]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
