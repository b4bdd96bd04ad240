import type { Locale } from 'antd/es/locale';
import {
  Component,
  lazy,
  Suspense,
  use,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { registerAntdIsland } from '@/shared/components/antd-island';
import { useAppState, type InterfaceSize } from '@/shared/lib/app-state';
import { themeShades } from '@/shared/lib/contrast';
import { currentLanguage, prepareLanguageWith, type Language } from '@/shared/lib/i18n';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { isHolderWanted, subscribeHolders, type Holder } from '@/shared/lib/notify';
import type { ComponentSize } from './antd-scope';
import type { RouteHandle } from './routes/page-meta';

/**
 * The way to antd, without antd: pages whose route handle says `plain: true` render without it, the
 * others inside antd's configuration (app/antd-scope.tsx), which is fetched with the first of them,
 * in parallel with its page chunk (`withAntdScope`), or with the first message or dialog asked for
 * (`FeedbackHolders`). This module itself imports nothing of antd but types.
 */
type ScopeModule = typeof import('./antd-scope');

/** antd's own texts (pagination, pickers, empty states) other than English (which comes with the scope). */
const antdLocales: Partial<Record<Language, Locale>> = {};

let scope: ScopeModule | undefined;
let scopeLoading: Promise<ScopeModule> | undefined;
let chineseLoading: Promise<void> | undefined;

function loadAntdLocale(language: Language): Promise<void> | undefined {
  if (language !== 'zh-CN' || antdLocales['zh-CN']) return undefined;
  chineseLoading ??= import('antd/locale/zh_CN').then(
    (locale) => {
      antdLocales['zh-CN'] = locale.default;
    },
    (error: unknown) => {
      chineseLoading = undefined;
      throw error;
    },
  );
  return chineseLoading;
}

// Once antd is in use, a switch to Chinese waits for antd's Chinese texts too.
prepareLanguageWith((language) => (scopeLoading || scope ? loadAntdLocale(language) : undefined));

/** Fetches the scope (and antd's texts of the current language); a failed download may be retried. */
export function loadAntdScope(): Promise<ScopeModule> {
  scopeLoading ??= Promise.all([import('./antd-scope'), loadAntdLocale(currentLanguage())]).then(
    ([module]) => (scope = module),
    (error: unknown) => {
      scopeLoading = undefined;
      throw error;
    },
  );
  return scopeLoading;
}

export function isAntdScopeLoaded(): boolean {
  return !!scope;
}

const componentSize: Record<InterfaceSize, ComponentSize> = {
  large: 'large',
  default: 'medium',
  small: 'small',
};

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const list = window.matchMedia(reducedMotionQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion; antd's animations are then switched off. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/**
 * antd's configuration of a loaded scope module around `children`: theme colour (in its accessible
 * shades, see app/theme.ts), interface size and antd locale follow the user's settings and language.
 */
function Configured({ module, children }: { module: ScopeModule; children: ReactNode }) {
  const { i18n } = useTranslation();
  const settings = useLayoutSettings();
  const { size } = useAppState();
  const reducedMotion = usePrefersReducedMotion();
  const shades = useMemo(() => themeShades(settings.theme), [settings.theme]);
  return (
    <module.AntdScope
      shades={shades}
      reducedMotion={reducedMotion}
      size={componentSize[size]}
      locale={i18n.language === 'zh-CN' ? antdLocales['zh-CN'] : undefined}
    >
      {children}
    </module.AntdScope>
  );
}

/** antd's configuration around `children`; suspends until it is there. */
function Scope({ children }: { children: ReactNode }) {
  const module = scope ?? use(loadAntdScope());
  return <Configured module={module}>{children}</Configured>;
}

/** Shows `plain` instead of its children when they throw (the scope could not be downloaded). */
class PlainOnFailure extends Component<{ plain: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.plain : this.props.children;
  }
}

/**
 * A page (or error page) inside antd's configuration; `loading` shows while it downloads. Without
 * `plainOnFailure` a failed download throws to the route's error page.
 */
export function AntdScopeBoundary({
  children,
  loading,
  plainOnFailure,
}: {
  children: ReactNode;
  loading: ReactNode;
  plainOnFailure?: boolean;
}) {
  const scoped = (
    <Suspense fallback={loading}>
      <Scope>{children}</Scope>
    </Suspense>
  );
  return plainOnFailure ? <PlainOnFailure plain={children}>{scoped}</PlainOnFailure> : scoped;
}

/**
 * Routes whose page uses antd (leaf routes without `handle.plain`) fetch the scope in parallel with
 * their page chunk, so the page renders at once in it. Mark a page plain only when nothing it renders
 * imports antd (icons from @ant-design/icons are fine).
 */
export function withAntdScope(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    if (route.children?.length) return { ...route, children: withAntdScope(route.children) } as RouteObject;
    const lazyPage = route.lazy;
    if ((route.handle as RouteHandle | undefined)?.plain || typeof lazyPage !== 'function') return route;
    return {
      ...route,
      lazy: async () => {
        // A failed download of the scope shows up when the page renders (the route's error page).
        const [page] = await Promise.all([lazyPage(), loadAntdScope().catch(() => undefined)]);
        return page;
      },
    } as RouteObject;
  });
}

// The parts of plain pages that use antd after a click (shared/components/antd-island.tsx): inside
// its configuration, or as they are when it cannot be downloaded.
registerAntdIsland({
  Scope: ({ children }) => (
    <AntdScopeBoundary loading={null} plainOnFailure>
      {children}
    </AntdScopeBoundary>
  ),
  prepare: loadAntdScope,
});

const loadHolders = () => import('./feedback-holders');
const holders = {
  message: lazy(async () => ({ default: (await loadHolders()).MessageHolder })),
  dialog: lazy(async () => ({ default: (await loadHolders()).DialogHolder })),
};

/** A page drawn on the server shows no message or dialog. */
const noneOnServer = () => false;

function LazyHolder({ of }: { of: Holder }) {
  const wanted = useSyncExternalStore(subscribeHolders, () => isHolderWanted(of), noneOnServer);
  const Holder = holders[of];
  return wanted ? (
    <Suspense fallback={null}>
      <Holder />
    </Suspense>
  ) : null;
}

/**
 * Holders of antd's context-aware messages and dialogs for code outside components
 * (shared/lib/notify.ts): the first message or dialog asked for fetches them and the scope, also
 * on a plain page.
 */
export function FeedbackHolders() {
  const wanted = useSyncExternalStore(
    subscribeHolders,
    () => isHolderWanted('message') || isHolderWanted('dialog'),
    noneOnServer,
  );
  const [module, setModule] = useState(scope);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void loadHolders().catch(() => undefined);
    loadAntdScope().then(
      (loaded) => live && setModule(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  if (!module) return null;
  return (
    <Configured module={module}>
      <LazyHolder of="message" />
      <LazyHolder of="dialog" />
    </Configured>
  );
}
