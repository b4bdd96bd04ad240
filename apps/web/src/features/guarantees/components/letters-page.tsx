import { Perm } from '@lvb/contracts/permissions';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { usePermission } from '@/shared/lib/permission';
import { LETTERS_URL, type OrderRow } from '../api/orders';
import { ClaimsTab } from './claims-tab';
import { letterColumns, OrderFilters, OrderLinks, useOrderDicts } from './order-parts';

/** The issued letters, by keyword and kind, exported, each downloadable. */
function Letters() {
  const { t } = useTranslation();
  const dicts = useOrderDicts();
  const records = useRecordList<OrderRow>(LETTERS_URL);
  return (
    <RecordList<OrderRow>
      records={records}
      search={<OrderFilters dicts={dicts} keyword={t('guarantees.filter.letterKeyword')} />}
      exportAs={{ permissions: [Perm.guarantee.letter.export], fileName: 'guarantee-letters.xlsx' }}
      columns={letterColumns(t, dicts, true)}
      rowActions={(o) => <OrderLinks order={o} />}
    />
  );
}

/**
 * `manager/gl`: two tabs, the issued guarantee letters and the claims on them (shown to those who
 * may read or decide claims), where guarantee staff pay or refuse a filed claim.
 */
export default function LettersPage() {
  const { t } = useTranslation();
  const { hasPermission } = usePermission();
  const claims = hasPermission([Perm.guarantee.letter.list, Perm.guarantee.letter.claim]);
  return (
    <ListFrame testId="guarantee-letters-page">
      <Tabs
        className="admin-tabs"
        destroyOnHidden
        items={[
          { key: 'letters', label: t('guarantees.tabs.letters'), children: <Letters /> },
          ...(claims ? [{ key: 'claims', label: t('guarantees.tabs.claims'), children: <ClaimsTab /> }] : []),
        ]}
      />
    </ListFrame>
  );
}
