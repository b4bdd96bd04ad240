import type { ReactNode } from 'react';
import './plain-hall.css';
import { buttonText } from './plain-texts';

/**
 * Plain-HTML states of a public list in the look of antd's Empty, Skeleton, Result and Tag, for
 * pages that render without antd.
 */

/** antd's default "empty" picture and a description: the one the other plain pages use. */
export { PlainEmpty } from '@/shared/components/plain-empty';

/** Grey bars while the first page loads (antd's Skeleton with a title and `rows` lines). */
export function PlainSkeleton({ rows = 8, label }: { rows?: number; label: string }) {
  return (
    <div className="plain-skeleton ph-skeleton" role="status" aria-label={label}>
      <div className="plain-skeleton__title" />
      <ul className="plain-skeleton__paragraph">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} />
        ))}
      </ul>
    </div>
  );
}

/** A failed load: a warning, its title and a retry button (antd's Result, status warning). */
export function PlainLoadFailed({ title, retry, onRetry }: { title: string; retry: string; onRetry: () => void }) {
  return (
    <div className="ph-result" role="alert">
      <svg className="ph-result__icon" viewBox="64 64 896 896" aria-hidden="true" focusable="false">
        <path d="M955.7 856l-416-720c-6.2-10.7-16.9-16-27.7-16s-21.6 5.3-27.7 16l-416 720C56 877.4 71.4 904 96 904h832c24.6 0 40-26.6 27.7-48zM480 416c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v184c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V416zm32 352a48.01 48.01 0 010-96 48.01 48.01 0 010 96z" />
      </svg>
      <div className="ph-result__title">{title}</div>
      <div className="ph-result__extra">
        <button type="button" className="ph-btn" onClick={onRetry}>
          {buttonText(retry)}
        </button>
      </div>
    </div>
  );
}

/**
 * Something asked for that does not exist (antd's Result, status 404, without its large picture):
 * a picture, its title as a heading of the given level, and the ways on (`children`).
 */
export function PlainNotFound({
  title,
  heading: Heading = 'h2',
  children,
}: {
  title: string;
  heading?: 'h1' | 'h2';
  children?: ReactNode;
}) {
  return (
    <div className="ph-result ph-result--not-found">
      <svg className="ph-result__icon" viewBox="64 64 896 896" aria-hidden="true" focusable="false">
        <path d="M688 312v-48c0-4.4-3.6-8-8-8H296c-4.4 0-8 3.6-8 8v48c0 4.4 3.6 8 8 8h384c4.4 0 8-3.6 8-8zm-392 88c-4.4 0-8 3.6-8 8v48c0 4.4 3.6 8 8 8h184c4.4 0 8-3.6 8-8v-48c0-4.4-3.6-8-8-8H296zm144 452H208V148h560v344c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8V108c0-17.7-14.3-32-32-32H168c-17.7 0-32 14.3-32 32v784c0 17.7 14.3 32 32 32h272c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zm445.7 51.5l-93.3-93.3C814.7 780.7 828 743.9 828 704c0-97.2-78.8-176-176-176s-176 78.8-176 176 78.8 176 176 176c35.8 0 69-10.7 96.8-29l94.7 94.7c1.6 1.6 3.6 2.3 5.6 2.3s4.1-.8 5.6-2.3l31-31a7.9 7.9 0 000-11.2zM652 816c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z" />
      </svg>
      <Heading className="ph-result__title">{title}</Heading>
      {children ? <div className="ph-result__extra">{children}</div> : null}
    </div>
  );
}

/** RuoYi's list classes as tag colours (as DictTag maps them to antd's). */
const listClassColours: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};
const knownColours = new Set([
  'processing',
  'success',
  'warning',
  'error',
  'default',
  'green',
  'gold',
  'blue',
  'red',
  'orange',
]);

/** A small label in antd's filled Tag look; `color` is a status or one of a few palette names. */
export function PlainTag({ color, className, children }: { color?: string; className?: string; children: ReactNode }) {
  const colour = color && knownColours.has(color) ? color : 'default';
  return <span className={`ph-tag ph-tag--${colour}${className ? ` ${className}` : ''}`}>{children}</span>;
}

/** A dictionary list class as a tag colour, or undefined for plain text (spec §4: default or empty). */
export function listClassColour(listClass: string): string | undefined {
  if (!listClass || listClass === 'default') return undefined;
  return listClassColours[listClass] ?? listClass;
}
