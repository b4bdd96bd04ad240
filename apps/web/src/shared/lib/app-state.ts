import { MOBILE_BREAKPOINT_PX } from '@lvb/contracts/limits';
import Cookies from 'js-cookie';
import { useEffect } from 'react';
import { createStore, useStore } from './create-store';

/** Sidebar and interface-size preferences (spec §4, §9): sidebar state in a cookie, size too. */
export type InterfaceSize = 'large' | 'default' | 'small';
export interface AppState {
  sidebarOpened: boolean;
  /** True while the window is narrower than the mobile breakpoint. */
  mobile: boolean;
  size: InterfaceSize;
}

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

function readSize(): InterfaceSize {
  const stored = Cookies.get(SIZE_COOKIE);
  return stored === 'large' || stored === 'small' ? stored : 'default';
}

export function isMobileWidth(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;
}

const startsMobile = isMobileWidth();
export const appStore = createStore<AppState>({
  // On a phone the sidebar starts closed whatever the desktop preference says.
  sidebarOpened: !startsMobile && Cookies.get(SIDEBAR_COOKIE) !== '0',
  mobile: startsMobile,
  size: readSize(),
});

export function useAppState(): AppState {
  return useStore(appStore);
}

export function toggleSidebar(): void {
  const { sidebarOpened, mobile } = appStore.get();
  // On a phone the drawer closes on its own; only the desktop choice is remembered.
  if (!mobile) Cookies.set(SIDEBAR_COOKIE, sidebarOpened ? '0' : '1', { sameSite: 'Lax', expires: 365 });
  appStore.set((state) => ({ ...state, sidebarOpened: !sidebarOpened }));
}

export function closeSidebar(): void {
  appStore.set((state) => ({ ...state, sidebarOpened: false }));
}

export function setInterfaceSize(size: InterfaceSize): void {
  Cookies.set(SIZE_COOKIE, size, { sameSite: 'Lax', expires: 365 });
  appStore.set((state) => ({ ...state, size }));
}

/** Tracks the mobile breakpoint; crossing into mobile closes the sidebar (spec §4). */
export function useResponsiveSidebar(): void {
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
    const apply = () => {
      const mobile = query.matches;
      appStore.set((state) =>
        state.mobile === mobile
          ? state
          : { ...state, mobile, sidebarOpened: mobile ? false : Cookies.get(SIDEBAR_COOKIE) !== '0' },
      );
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
}

/** True under the mobile breakpoint, for components that adapt (pager count, forms). */
export function useIsMobile(): boolean {
  return useStore(appStore, (state) => state.mobile);
}
