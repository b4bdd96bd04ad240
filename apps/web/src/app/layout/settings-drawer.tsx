import { CheckOutlined } from '@ant-design/icons';
import { PRESET_THEME_COLORS } from '@lvb/contracts/limits';
import { Button, Divider, Drawer, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  resetLayoutSettings,
  updateLayoutSettings,
  useLayoutSettings,
  type LayoutSettings,
} from '@/shared/lib/layout-settings';

type Toggle = keyof Pick<LayoutSettings, 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle'>;
const toggles: Toggle[] = ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle'];

function ThemePreview({ kind }: { kind: 'theme-dark' | 'theme-light' }) {
  return (
    <span className={`theme-preview theme-preview--${kind === 'theme-dark' ? 'dark' : 'light'}`} aria-hidden="true">
      <span className="theme-preview__side" />
      <span className="theme-preview__head" />
    </span>
  );
}

/** The layout settings drawer (spec §2, §3); every change applies at once and is saved. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useLayoutSettings();

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={320}
      className="settings-drawer"
      data-testid="settings-drawer"
    >
      <h3 className="settings-drawer__heading">{t('settings.themeStyle')}</h3>
      <div className="settings-drawer__themes">
        {(['theme-dark', 'theme-light'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className={settings.sideTheme === kind ? 'theme-option theme-option--active' : 'theme-option'}
            onClick={() => updateLayoutSettings({ sideTheme: kind })}
            aria-pressed={settings.sideTheme === kind}
            data-testid={`side-theme-${kind}`}
          >
            <ThemePreview kind={kind} />
            <span>{kind === 'theme-dark' ? t('settings.dark') : t('settings.light')}</span>
            {settings.sideTheme === kind ? <CheckOutlined className="theme-option__check" /> : null}
          </button>
        ))}
      </div>

      <h3 className="settings-drawer__heading">{t('settings.themeColor')}</h3>
      <div className="settings-drawer__colors" role="radiogroup" aria-label={t('settings.themeColor')}>
        {PRESET_THEME_COLORS.map((color) => (
          <Tooltip key={color} title={color}>
            <button
              type="button"
              role="radio"
              aria-checked={settings.theme.toLowerCase() === color.toLowerCase()}
              aria-label={color}
              className="color-swatch"
              style={{ background: color }}
              onClick={() => updateLayoutSettings({ theme: color })}
              data-testid={`theme-color-${color}`}
            >
              {settings.theme.toLowerCase() === color.toLowerCase() ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <h3 className="settings-drawer__heading">{t('settings.system')}</h3>
      {toggles.map((key) => (
        <label key={key} className="settings-drawer__row">
          <span>{t(`settings.${key}`)}</span>
          <Switch
            checked={settings[key]}
            onChange={(checked) => updateLayoutSettings({ [key]: checked })}
            data-testid={`setting-${key}`}
          />
        </label>
      ))}
      <Divider />
      <p className="settings-drawer__hint">{t('settings.savedHint')}</p>
      <Button block onClick={resetLayoutSettings} data-testid="settings-reset">
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
