import { DeleteOutlined, EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { formatYuan } from '@lvb/contracts/money';
import { Perm } from '@lvb/contracts/permissions';
import { Button, Space, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/shared/components/authorized';
import { DictTag } from '@/shared/components/dict-tag';
import { SelectFilter, TextFilter } from '@/shared/components/list-kit/filters';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { useDictOptions } from '@/shared/lib/dict-options';
import { formatTime } from '@/shared/lib/format';
import { confirmAction } from '@/shared/lib/list';
import { downloadTemplatePreview } from '../api/orders';
import { PRODUCTS_URL, TEMPLATES_URL, type ProductRow, type TemplateRow } from '../api/products';
import { ProductDialog } from './product-dialog';
import { percentText, type WireTiers } from './rate-tiers-field';
import { TemplateDialog } from './template-dialog';

const P = Perm.guarantee.product;

/** The rate tiers in a line: `≤ ¥1,000,000.00: 0.5%; above: 0.3%`. */
function tiersText(tiers: WireTiers, above: string): string {
  return tiers
    .map(([upTo, rate]) => {
      const bound = upTo === null || upTo === undefined ? above : `≤ ${formatYuan(Math.round(upTo * 100))}`;
      return `${bound}: ${percentText(rate ?? 0)}%`;
    })
    .join('; ');
}

/** Edit and delete links of a row, each behind its permission; delete asks first. */
function EditRemove({
  name,
  onEdit,
  onRemove,
}: {
  name: string;
  onEdit: () => void;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Authorized permissions={[P.edit]}>
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
          {t('guarantees.action.edit')}
        </Button>
      </Authorized>
      <Authorized permissions={[P.remove]}>
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => confirmAction(t('guarantees.confirm.remove', { name }), onRemove)}
        >
          {t('guarantees.action.remove')}
        </Button>
      </Authorized>
    </>
  );
}

function Products() {
  const { t, i18n } = useTranslation();
  const kinds = useDictOptions('guarantee_kind');
  const records = useRecordList<ProductRow>(PRODUCTS_URL);
  const zh = i18n.language === 'zh-CN';
  const columns: TableColumnsType<ProductRow> = [
    { key: 'name', title: t('guarantees.product.name'), render: (_, p) => (zh ? p.nameZh : p.name) },
    {
      key: 'kind',
      title: t('guarantees.field.kind'),
      render: (_, p) => <DictTag options={kinds.dict} value={p.kind} />,
    },
    {
      key: 'tiers',
      title: t('guarantees.product.tiers'),
      render: (_, p) => tiersText(p.rateTiers, t('guarantees.product.tierAboveShort')),
    },
    {
      key: 'minPremium',
      title: t('guarantees.product.minPremium'),
      align: 'right',
      render: (_, p) => formatYuan(p.minPremiumFen),
    },
    { key: 'validityDays', dataIndex: 'validityDays', title: t('guarantees.product.validityDays') },
    {
      key: 'autoApprove',
      title: t('guarantees.product.autoApproveLimit'),
      align: 'right',
      render: (_, p) => formatYuan(p.autoApproveLimitFen),
    },
    { key: 'templateName', dataIndex: 'templateName', title: t('guarantees.product.template') },
    {
      key: 'onShelf',
      title: t('guarantees.product.onShelf'),
      render: (_, p) =>
        p.onShelf ? (
          <Tag color="success">{t('guarantees.product.shelfOn')}</Tag>
        ) : (
          <Tag>{t('guarantees.product.shelfOff')}</Tag>
        ),
    },
    { key: 'updatedAt', title: t('guarantees.field.updatedAt'), render: (_, p) => formatTime(p.updatedAt) },
  ];
  return (
    <>
      <RecordList<ProductRow>
        records={records}
        search={
          <>
            <TextFilter name="keyword" label={t('guarantees.product.name')} width={180} maxLength={100} />
            <SelectFilter name="kind" label={t('guarantees.field.kind')} options={kinds.options} width={150} />
          </>
        }
        add={[P.add]}
        columns={columns}
        fixedActions
        rowActions={(p) => (
          <EditRemove
            name={zh ? p.nameZh : p.name}
            onEdit={() => records.openRecord(p.id)}
            onRemove={() => records.remove([p.id])}
          />
        )}
      />
      <ProductDialog
        open={records.editing !== null}
        row={records.editedRow}
        onClose={records.close}
        onSaved={records.refresh}
      />
    </>
  );
}

function Templates() {
  const { t } = useTranslation();
  const records = useRecordList<TemplateRow>(TEMPLATES_URL);
  const image = (name: string | null) =>
    name ? (
      <Tag color="success">{t('guarantees.template.uploaded')}</Tag>
    ) : (
      <Tag>{t('guarantees.template.missing')}</Tag>
    );
  const columns: TableColumnsType<TemplateRow> = [
    { key: 'name', dataIndex: 'name', title: t('guarantees.template.name') },
    {
      key: 'images',
      title: t('guarantees.template.images'),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{t('guarantees.template.letterhead')}</span>
          {image(r.letterhead)}
          <span>{t('guarantees.template.seal')}</span>
          {image(r.seal)}
        </Space>
      ),
    },
    { key: 'updatedAt', title: t('guarantees.field.updatedAt'), render: (_, r) => formatTime(r.updatedAt) },
  ];
  return (
    <>
      <RecordList<TemplateRow>
        records={records}
        search={<TextFilter name="keyword" label={t('guarantees.template.name')} width={180} maxLength={100} />}
        add={[P.add]}
        columns={columns}
        fixedActions
        rowActions={(r) => (
          <>
            <Button
              type="link"
              size="small"
              icon={<FilePdfOutlined />}
              onClick={() => void downloadTemplatePreview(r.id, r.name)}
            >
              {t('guarantees.template.preview')}
            </Button>
            <EditRemove name={r.name} onEdit={() => records.openRecord(r.id)} onRemove={() => records.remove([r.id])} />
          </>
        )}
      />
      <TemplateDialog
        open={records.editing !== null}
        row={records.editedRow}
        onClose={records.close}
        onSaved={records.refresh}
      />
    </>
  );
}

/** `manager/product`: guarantee products, and on a second tab the letter templates they print with. */
export default function ProductsPage() {
  const { t } = useTranslation();
  return (
    <ListFrame testId="guarantee-products-page">
      <Tabs
        className="admin-tabs"
        destroyOnHidden
        items={[
          { key: 'products', label: t('guarantees.title.products'), children: <Products /> },
          { key: 'templates', label: t('guarantees.title.templates'), children: <Templates /> },
        ]}
      />
    </ListFrame>
  );
}
