/**
 * antd's active Skeleton (a title and three lines) and its small input bar in plain HTML and CSS
 * (global.css `.plain-skeleton`), for pages that render without antd. Hidden from assistive
 * technology, as antd's is.
 */
export function PlainSkeleton() {
  return (
    <div className="plain-skeleton" aria-hidden="true">
      <div className="plain-skeleton__title" />
      <ul className="plain-skeleton__paragraph">
        <li />
        <li />
        <li />
      </ul>
    </div>
  );
}

/** One shimmering bar in place of a line of text (antd's `Skeleton.Input`). */
export function PlainSkeletonBar({ width, height }: { width: number; height: number }) {
  return <span className="plain-skeleton-bar" style={{ width, height }} aria-hidden="true" />;
}
