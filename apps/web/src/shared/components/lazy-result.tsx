import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result carries the large 403/404/500 illustrations whatever its status: fetched when shown.
const Result = lazy(() => import('antd/es/result'));

/** antd's Result, loaded on first use: for failure states a page shows only now and then. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
