import { GlobalOutlined, LoadingOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '@/shared/lib/app-state';
import { currentLanguage, setLanguage, type Language } from '@/shared/lib/i18n';
import { feedback } from '@/shared/lib/notify';

/**
 * Language switch of the public header, the sign-in pages and the admin navbar. With two
 * languages it is one button that names the other language in that language (its accessible name,
 * spoken in that language) and switches to it; the tooltip says what it does. The other
 * language's texts are fetched on the first switch: the button shows that it is loading meanwhile.
 * A plain button in the look of antd's text button (global.css `.text-button`), so that pages
 * without antd can have it; it follows the interface size as antd's buttons do.
 */
export function LanguageSwitch({ className, compact }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { size } = useAppState();
  const [switching, setSwitching] = useState(false);
  const target: Language = currentLanguage() === 'en' ? 'zh-CN' : 'en';
  const label = target === 'en' ? t('language.en') : t('language.zhCN');
  const switchLanguage = () => {
    if (switching) return;
    setSwitching(true);
    setLanguage(target)
      .catch(() => feedback().message.error(t('request.network')))
      .finally(() => setSwitching(false));
  };
  const classes = [
    'text-button',
    size === 'default' ? '' : `text-button--${size}`,
    compact ? 'text-button--icon-only' : '',
    switching ? 'text-button--loading' : '',
    className ?? '',
  ];
  return (
    <button
      type="button"
      className={classes.filter(Boolean).join(' ')}
      title={t('language.switch')}
      aria-label={compact ? label : undefined}
      aria-busy={switching || undefined}
      lang={compact ? target : undefined}
      onClick={switchLanguage}
      data-testid="language-switch"
    >
      <span className="text-button__icon">{switching ? <LoadingOutlined /> : <GlobalOutlined />}</span>
      {compact ? null : <span lang={target}>{label}</span>}
    </button>
  );
}
