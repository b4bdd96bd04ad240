import { DEFAULT_PAGE_SIZE, MOBILE_BREAKPOINT_PX, PAGE_SIZES } from '@lvb/contracts/limits';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './plain-hall.css';
import { fill, usePlainTexts } from './plain-texts';

export interface PageState {
  /** Page number, from 1. */
  page: number;
  limit: number;
}

/** A page button, or a jump of several pages back or forward (antd's •••). */
export type PagerItem =
  | { kind: 'page'; page: number; active: boolean; /** hidden under 992 px, as antd does */ edge?: boolean }
  | { kind: 'jump'; page: number; direction: 'prev' | 'next' };

/**
 * The pager's buttons as antd's Pagination lays them out (rc-pagination): all pages when they are
 * few, else the first, the last, the current with `buffer` pages either side, and jumps between.
 * Fewer items (`less`) on narrow screens (spec §9: pager count 7, 5 under 992 px).
 */
export function pagerItems(current: number, pages: number, less: boolean): PagerItem[] {
  const buffer = less ? 1 : 2;
  const page = (n: number): PagerItem => ({ kind: 'page', page: n, active: n === current });
  if (pages <= 3 + buffer * 2) return Array.from({ length: Math.max(pages, 1) }, (_, i) => page(i + 1));
  let left = Math.max(1, current - buffer);
  let right = Math.min(current + buffer, pages);
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (pages - current <= buffer) left = pages - buffer * 2;
  const jumpPrev = current - 1 >= buffer * 2 && current !== 3;
  const jumpNext = pages - current >= buffer * 2 && current !== pages - 2;
  if (!less && jumpPrev && right !== pages) left += 1;
  if (!less && jumpNext && left !== 1) right -= 1;
  const items: PagerItem[] = [];
  for (let n = left; n <= right; n += 1) items.push(page(n));
  const step = less ? 3 : 5;
  if (jumpPrev) {
    items[0] = { ...(items[0] as Extract<PagerItem, { kind: 'page' }>), edge: true };
    items.unshift({ kind: 'jump', page: Math.max(1, current - step), direction: 'prev' });
  }
  if (jumpNext) {
    const last = items.length - 1;
    items[last] = { ...(items[last] as Extract<PagerItem, { kind: 'page' }>), edge: true };
    items.push({ kind: 'jump', page: Math.min(pages, current + step), direction: 'next' });
  }
  if (left !== 1) items.unshift(page(1));
  if (right !== pages) items.push(page(pages));
  return items;
}

const narrowQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
function subscribeNarrow(onChange: () => void) {
  const list = window.matchMedia(narrowQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
/**
 * True under the mobile breakpoint (992 px), following the window as it is resized. A page drawn on
 * the server is drawn wide (the server knows no window); hydration starts from that.
 */
function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}

interface ItemProps {
  className: string;
  'aria-label'?: string;
  'aria-current'?: 'page';
  title: string;
  disabled?: boolean;
  children: ReactNode;
}

const Arrow = ({ d }: { d: string }) => (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const LEFT =
  'M724 218.3V141c0-6.7-7.7-10.4-12.9-6.3L260.3 486.8a31.86 31.86 0 000 50.3l450.8 352.1c5.3 4.1 12.9.4 12.9-6.3v-77.3c0-4.9-2.3-9.6-6.1-12.6l-360-281 360-281.1c3.8-3 6.1-7.7 6.1-12.6z';
const RIGHT =
  'M765.7 486.8L314.9 134.7A7.97 7.97 0 00302 141v77.3c0 4.9 2.3 9.6 6.1 12.6l360 281.1-360 281.1c-3.9 3-6.1 7.7-6.1 12.6V883c0 6.7 7.7 10.4 12.9 6.3l450.8-352.1a31.96 31.96 0 000-50.4z';

/**
 * Pagination of spec §9 in plain HTML: total, previous, pages, next, page size (10/20/30/50,
 * default 20) and a jump to a page (when there is more than one page, not on narrow screens).
 * Nothing shows without rows. The window scrolls back to the top after a change.
 */
export function PlainPager({
  page,
  limit = DEFAULT_PAGE_SIZE,
  total,
  onChange,
  autoScroll = true,
  hrefFor,
}: PageState & {
  total: number;
  onChange: (next: PageState) => void;
  autoScroll?: boolean;
  /**
   * The address of a page, for lists whose page lives in the URL: the pages are then links, which
   * work before the scripts run (a page drawn on the server), open in a new tab, and lead crawlers
   * through the list. A plain click still pages inside the app.
   */
  hrefFor?: (page: number) => string;
}) {
  const { t } = useTranslation();
  const texts = usePlainTexts();
  const narrow = useNarrow();
  const [jump, setJump] = useState('');
  if (total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, page), pages);

  const go = (nextPage: number, nextLimit = limit) => {
    const lastPage = Math.max(1, Math.ceil(total / nextLimit));
    const next = { page: Math.min(Math.max(1, nextPage), lastPage), limit: nextLimit };
    if (next.page === page && next.limit === limit) return;
    onChange(next);
    if (autoScroll) window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const jumpTo = () => {
    const typed = Number(jump);
    setJump('');
    if (jump.trim() !== '' && Number.isFinite(typed)) go(Math.round(typed));
  };

  /** A page's control: a link when the list has addresses, else a button. */
  const to = (target: number, props: ItemProps) =>
    hrefFor && !props.disabled ? (
      <a
        href={hrefFor(target)}
        className={props.className}
        aria-label={props['aria-label']}
        aria-current={props['aria-current']}
        title={props.title}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          go(target);
        }}
      >
        {props.children}
      </a>
    ) : (
      <button type="button" {...props} onClick={() => go(target)} />
    );

  return (
    <div className="ph-pager-bar">
      <nav className="ph-pager" aria-label={texts.pagination}>
        <span className="ph-pager__total">{t('table.total', { total })}</span>
        <span className="ph-pager__group">
          {to(current - 1, {
            className: 'ph-pager__item ph-pager__arrow',
            'aria-label': texts.prevPage,
            title: texts.prevPage,
            disabled: current <= 1,
            children: <Arrow d={LEFT} />,
          })}
          <ul className="ph-pager__pages">
            {pagerItems(current, pages, narrow).map((item) =>
              item.kind === 'page' ? (
                <li key={item.page} className={item.edge ? 'ph-pager__edge' : undefined}>
                  {to(item.page, {
                    className: `ph-pager__item${item.active ? ' ph-pager__item--active' : ''}`,
                    'aria-current': item.active ? 'page' : undefined,
                    title: String(item.page),
                    children: item.page,
                  })}
                </li>
              ) : (
                <li key={item.direction}>
                  {to(item.page, {
                    className: 'ph-pager__item ph-pager__jump',
                    'aria-label': fill(item.direction === 'prev' ? texts.prevPages : texts.nextPages, narrow ? 3 : 5),
                    title: fill(item.direction === 'prev' ? texts.prevPages : texts.nextPages, narrow ? 3 : 5),
                    children: <span aria-hidden="true">•••</span>,
                  })}
                </li>
              ),
            )}
          </ul>
          {to(current + 1, {
            className: 'ph-pager__item ph-pager__arrow',
            'aria-label': texts.nextPage,
            title: texts.nextPage,
            disabled: current >= pages,
            children: <Arrow d={RIGHT} />,
          })}
        </span>
        <span className="ph-pager__options">
          <select
            className="ph-select ph-pager__size"
            aria-label={texts.pageSize}
            value={limit}
            onChange={(e) => go(current, Number(e.target.value))}
          >
            {(PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, limit]).map(
              (size) => (
                <option key={size} value={size}>
                  {fill(texts.perPage, size)}
                </option>
              ),
            )}
          </select>
          {total > limit && !narrow ? (
            <label className="ph-pager__jumper">
              {texts.jumpTo}
              <input
                className="ph-input ph-pager__jump-input"
                inputMode="numeric"
                value={jump}
                onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') jumpTo();
                }}
                onBlur={jumpTo}
              />
              {texts.page}
            </label>
          ) : null}
        </span>
      </nav>
    </div>
  );
}
