import type { ComponentType, ReactNode } from 'react';

/**
 * antd on a plain page: a part that shows only after a user action (a dialog opened by a click) may
 * use antd, inside antd's configuration (theme colour, size, locale), which the app fetches on
 * demand. The app registers how (app/antd-scope-loader.tsx): shared code and features import no app
 * code. Without a registration (unit tests) the part renders as it is.
 */
export interface AntdIslandScope {
  /** Wraps the part in antd's configuration; suspends while it downloads. */
  Scope: ComponentType<{ children: ReactNode }>;
  /** Fetches the configuration ahead of need (rejects when it cannot be downloaded). */
  prepare: () => Promise<unknown>;
}

let registered: AntdIslandScope | undefined;

export function registerAntdIsland(scope: AntdIslandScope): void {
  registered = scope;
}

/** Fetches antd's configuration before an island shows, e.g. with the island's own chunk. */
export function prepareAntdIsland(): Promise<unknown> {
  return registered?.prepare() ?? Promise.resolve();
}

/** `children` (which use antd) inside antd's configuration. */
export function AntdIsland({ children }: { children: ReactNode }) {
  const Scope = registered?.Scope;
  return Scope ? <Scope>{children}</Scope> : children;
}
