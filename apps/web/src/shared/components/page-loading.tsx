import { Spin } from 'antd';

/** Centered spinner for a region whose content is on its way. */
export function PageLoading({ tip, fullScreen }: { tip?: string; fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'page-loading page-loading--full' : 'page-loading'} role="status">
      <Spin size="large" description={tip} />
    </div>
  );
}
