import { DEFAULT_THEME_COLOR, LAYOUT_SETTINGS_KEY } from '@lvb/contracts/limits';
import { createStore, useStore } from './create-store';

/** Layout settings of the settings drawer (spec §3), kept in local storage `layout-setting`. */
export interface LayoutSettings {
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
  sideTheme: 'theme-dark' | 'theme-light';
  theme: string;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  topNav: false,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  dynamicTitle: false,
  sideTheme: 'theme-dark',
  theme: DEFAULT_THEME_COLOR,
};

function read(): LayoutSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}') as Partial<LayoutSettings>;
    const merged = { ...DEFAULT_LAYOUT_SETTINGS, ...stored };
    if (merged.sideTheme !== 'theme-dark' && merged.sideTheme !== 'theme-light') merged.sideTheme = 'theme-dark';
    if (!/^#[0-9a-f]{6}$/i.test(merged.theme)) merged.theme = DEFAULT_THEME_COLOR;
    return merged;
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
}

export const layoutSettingsStore = createStore<LayoutSettings>(read());

export function useLayoutSettings(): LayoutSettings {
  return useStore(layoutSettingsStore);
}

/** Applies a change at once and saves it, so a reload keeps it. */
export function updateLayoutSettings(patch: Partial<LayoutSettings>): void {
  layoutSettingsStore.set((state) => ({ ...state, ...patch }));
  localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(layoutSettingsStore.get()));
}

export function resetLayoutSettings(): void {
  localStorage.removeItem(LAYOUT_SETTINGS_KEY);
  layoutSettingsStore.set(DEFAULT_LAYOUT_SETTINGS);
}
