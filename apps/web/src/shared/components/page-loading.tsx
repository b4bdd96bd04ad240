import { useTranslation } from 'react-i18next';

/**
 * Centered spinner for a region whose content is on its way: antd's large Spin in plain HTML and CSS
 * (global.css `.page-loading`), so that a page without antd can show it. Its text is the tip, or a
 * hidden "Loading…" for assistive technology.
 */
export function PageLoading({ tip, fullScreen }: { tip?: string; fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'page-loading page-loading--full' : 'page-loading'} role="status">
      <span className="page-loading__dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className={tip ? 'page-loading__tip' : 'visually-hidden'}>{tip ?? t('common.loading')}</span>
    </div>
  );
}
