import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, type Language } from '@/shared/lib/i18n';

/** Language menu used in the public header, the sign-in pages and the admin navbar. */
export function LanguageSwitch({ className, compact }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const items = [
    { key: 'en', label: t('language.en') },
    { key: 'zh-CN', label: t('language.zhCN') },
  ];
  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: [language], onClick: ({ key }) => setLanguage(key as Language) }}
      trigger={['click']}
    >
      <Button
        type="text"
        className={className}
        icon={<GlobalOutlined />}
        aria-label={t('language.switch')}
        data-testid="language-switch"
      >
        {compact ? null : language === 'en' ? t('language.en') : t('language.zhCN')}
      </Button>
    </Dropdown>
  );
}
