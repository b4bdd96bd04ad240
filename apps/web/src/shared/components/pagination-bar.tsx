import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@lvb/contracts/limits';
import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/shared/lib/app-state';

export interface PageState {
  /** Page number, from 1. */
  page: number;
  limit: number;
}

export const FIRST_PAGE: PageState = { page: 1, limit: DEFAULT_PAGE_SIZE };

interface PaginationBarProps extends PageState {
  total: number;
  onChange: (next: PageState) => void;
  /** Scroll the window back to the top after a change (default true). */
  autoScroll?: boolean;
  hidden?: boolean;
}

/**
 * Pagination of spec §9: sizes 10/20/30/50 (default 20), total, sizes, previous, pager, next and
 * jumper; fewer page buttons under 992 px; the page scrolls back to the top after a change.
 */
export function PaginationBar({ page, limit, total, onChange, autoScroll = true, hidden }: PaginationBarProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  if (hidden || total <= 0) return null;
  return (
    <div className="pagination-bar">
      <Pagination
        current={page}
        pageSize={limit}
        total={total}
        pageSizeOptions={PAGE_SIZES.map(String)}
        showSizeChanger
        showQuickJumper={!mobile}
        showLessItems={mobile}
        showTotal={(count) => t('table.total', { total: count })}
        onChange={(nextPage, nextSize) => {
          // A new page size starts again from the first page whose rows still exist.
          const next =
            nextSize !== limit
              ? { page: Math.min(nextPage, Math.max(1, Math.ceil(total / nextSize))), limit: nextSize }
              : { page: nextPage, limit };
          onChange(next);
          if (autoScroll) window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
