import { Perm } from '@lvb/contracts/permissions';
import { useTranslation } from 'react-i18next';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { RecordList, useRecordList } from '@/shared/components/list-kit/list-page';
import { LETTERS_URL, type OrderRow } from '../api/orders';
import { letterColumns, OrderFilters, OrderLinks, useOrderDicts } from './order-parts';

/** `manager/gl`: the issued guarantee letters, by keyword and kind, exported, each downloadable. */
export default function LettersPage() {
  const { t } = useTranslation();
  const dicts = useOrderDicts();
  const records = useRecordList<OrderRow>(LETTERS_URL);
  return (
    <ListFrame testId="guarantee-letters-page">
      <RecordList<OrderRow>
        records={records}
        search={<OrderFilters dicts={dicts} keyword={t('guarantees.filter.letterKeyword')} />}
        exportAs={{ permissions: [Perm.guarantee.letter.export], fileName: 'guarantee-letters.xlsx' }}
        columns={letterColumns(t, dicts, true)}
        rowActions={(o) => <OrderLinks order={o} />}
      />
    </ListFrame>
  );
}
