import type { ComponentType } from 'react';
import { normalisePath } from '@/shared/config/paths';

/**
 * The light client's pages: the public and sign-in pages the server draws, with the route title the app gives
 * them (app/router.tsx) and whether they sit in the public layout. Each page is its own chunk, as in
 * the app.
 */
export interface LightPage {
  title?: string;
  inLayout: boolean;
  load: () => Promise<ComponentType>;
}

export const LIGHT_PAGES: Record<string, LightPage> = {
  '/': { inLayout: true, load: async () => (await import('@/features/public/components/home-page')).HomePage },
  '/hall': {
    title: 'publicPages.hall',
    inLayout: true,
    load: async () => (await import('@/features/public/components/hall-page')).HallPage,
  },
  '/pub': {
    title: 'publicPages.pub',
    inLayout: true,
    load: async () => (await import('@/features/public/components/notices-page')).NoticesPage,
  },
  '/iteminfo': {
    title: 'publicPages.iteminfo',
    inLayout: true,
    load: async () => (await import('@/features/public/components/project-info')).ProjectInfoPage,
  },
  '/resultpub': {
    title: 'publicPages.resultpub',
    inLayout: true,
    load: async () => (await import('@/features/public/components/results-page')).ResultsPage,
  },
  '/extract': {
    title: 'publicPages.extract',
    inLayout: true,
    load: async () => (await import('@/features/public/components/public-section-page')).DrawsPage,
  },
  '/verify': {
    title: 'publicPages.verify',
    inLayout: true,
    load: async () => (await import('@/features/public/components/verify-page')).VerifyPage,
  },
  '/mindex': {
    title: 'mobile.title',
    inLayout: false,
    load: async () => (await import('@/features/public/components/mobile-index-page')).MobileIndexPage,
  },
};

const supplierSignIn: LightPage = {
  title: 'auth.supplierTitle',
  inLayout: false,
  load: async () => (await import('@/features/auth/components/supplier-login-page')).SupplierLoginPage,
};

// The sign-in pages: a visitor signs in without the back office's code, which loads with the page
// the sign-in leads to (any address that is not one of these is a page load).
LIGHT_PAGES['/login'] = supplierSignIn;
LIGHT_PAGES['/weblogin'] = supplierSignIn;
LIGHT_PAGES['/adminlogin'] = {
  title: 'auth.adminTitle',
  inLayout: false,
  load: async () => (await import('@/features/auth/components/employee-login-page')).EmployeeLoginPage,
};

export const lightPageAt = (pathname: string): LightPage | undefined => LIGHT_PAGES[normalisePath(pathname)];
