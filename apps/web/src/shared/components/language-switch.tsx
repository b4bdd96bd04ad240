import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, type Language } from '@/shared/lib/i18n';
import { feedback } from '@/shared/lib/notify';

/**
 * Language switch of the public header, the sign-in pages and the admin navbar. With two
 * languages it is one button that names the other language in that language (its accessible name,
 * spoken in that language) and switches to it; the tooltip says what it does. The other
 * language's texts are fetched on the first switch: the button shows that it is loading meanwhile.
 */
export function LanguageSwitch({ className, compact }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const [switching, setSwitching] = useState(false);
  const target: Language = currentLanguage() === 'en' ? 'zh-CN' : 'en';
  const label = target === 'en' ? t('language.en') : t('language.zhCN');
  const switchLanguage = () => {
    setSwitching(true);
    setLanguage(target)
      .catch(() => feedback().message.error(t('request.network')))
      .finally(() => setSwitching(false));
  };
  return (
    <Button
      type="text"
      className={className}
      icon={<GlobalOutlined />}
      loading={switching}
      title={t('language.switch')}
      aria-label={compact ? label : undefined}
      lang={compact ? target : undefined}
      onClick={switchLanguage}
      data-testid="language-switch"
    >
      {compact ? null : <span lang={target}>{label}</span>}
    </Button>
  );
}
