import { useTranslation } from 'react-i18next';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { MY_LETTERS_URL, type OrderRow } from '../api/orders';
import { letterColumns, OrderFilters, OrderLinks, useOrderDicts } from './order-parts';
import { useSurrender } from './supplier-surrender';

/**
 * `order/myguarantee` (also the static `/order/myguarantee`): the supplier's issued letters, each
 * downloadable; an issued bid letter may be surrendered before the bid deadline.
 */
export default function MyGuaranteesPage() {
  const { t } = useTranslation();
  const dicts = useOrderDicts();
  const records = useRecordList<OrderRow>(MY_LETTERS_URL);
  const surrender = useSurrender();
  return (
    <ListFrame testId="my-guarantees-page">
      <RecordList<OrderRow>
        records={records}
        search={<OrderFilters dicts={dicts} />}
        columns={letterColumns(t, dicts, false)}
        rowActions={(o) => (
          <>
            <OrderLinks order={o} />
            {surrender.button(o, 'small')}
          </>
        )}
      />
      {surrender.dialog}
    </ListFrame>
  );
}
