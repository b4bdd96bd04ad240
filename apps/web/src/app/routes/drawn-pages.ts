import type { ComponentType } from 'react';
import type { PublicSection } from '@/features/public/components/public-section-page';

/**
 * The pages the server draws (src/server/entry.tsx): each one's route title and its component,
 * loaded on demand (each its own chunk: the hall does not bring the project page's apply form).
 * Read by the app's routes (app/router.tsx) and by the light client's page table (src/light/), so
 * both load and name a page alike. Nothing here imports a router.
 */
export interface DrawnPage {
  /** The route's title (an i18n key); the home page has none. */
  title?: string;
  load: () => Promise<ComponentType>;
}

export const PUBLIC_SECTIONS = [
  'hall',
  'pub',
  'resultpub',
  'extract',
  'iteminfo',
  'verify',
] as const satisfies readonly PublicSection[];

const sectionLoaders: Record<PublicSection, DrawnPage['load']> = {
  hall: async () => (await import('@/features/public/components/hall-page')).HallPage,
  pub: async () => (await import('@/features/public/components/notices-page')).NoticesPage,
  iteminfo: async () => (await import('@/features/public/components/project-info')).ProjectInfoPage,
  resultpub: async () => (await import('@/features/public/components/results-page')).ResultsPage,
  extract: async () => (await import('@/features/public/components/public-section-page')).DrawsPage,
  verify: async () => (await import('@/features/public/components/verify-page')).VerifyPage,
};

/** The public sections, inside the public layout. */
export const sectionPage = (section: PublicSection): DrawnPage => ({
  title: `publicPages.${section}`,
  load: sectionLoaders[section],
});

export const homePage: DrawnPage = {
  load: async () => (await import('@/features/public/components/home-page')).HomePage,
};

export const mobileIndexPage: DrawnPage = {
  title: 'mobile.title',
  load: async () => (await import('@/features/public/components/mobile-index-page')).MobileIndexPage,
};

/** `/login` and `/weblogin`. */
export const supplierSignInPage: DrawnPage = {
  title: 'auth.supplierTitle',
  load: async () => (await import('@/features/auth/components/supplier-login-page')).SupplierLoginPage,
};

export const employeeSignInPage: DrawnPage = {
  title: 'auth.adminTitle',
  load: async () => (await import('@/features/auth/components/employee-login-page')).EmployeeLoginPage,
};
