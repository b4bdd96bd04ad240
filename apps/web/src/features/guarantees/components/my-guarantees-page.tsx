import { useTranslation } from 'react-i18next';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { MY_LETTERS_URL, type OrderRow } from '../api/orders';
import { letterColumns, OrderFilters, OrderLinks, useOrderDicts } from './order-parts';

/** `order/myguarantee` (also the static `/order/myguarantee`): the supplier's issued letters, each downloadable. */
export default function MyGuaranteesPage() {
  const { t } = useTranslation();
  const dicts = useOrderDicts();
  const records = useRecordList<OrderRow>(MY_LETTERS_URL);
  return (
    <ListFrame testId="my-guarantees-page">
      <RecordList<OrderRow>
        records={records}
        search={<OrderFilters dicts={dicts} />}
        columns={letterColumns(t, dicts, false)}
        rowActions={(o) => <OrderLinks order={o} />}
      />
    </ListFrame>
  );
}
