import type { ComponentType } from 'react';
import {
  employeeSignInPage,
  homePage,
  mobileIndexPage,
  PUBLIC_SECTIONS,
  sectionPage,
  supplierSignInPage,
  type DrawnPage,
} from '@/app/routes/drawn-pages';
import { normalisePath } from '@/shared/config/paths';

/**
 * The light client's pages: the public and sign-in pages the server draws, loaded and titled as
 * the app's routes do (app/routes/drawn-pages.ts), and whether they sit in the public layout. The
 * sign-in pages are here too: a visitor signs in without the back office's code, which loads with
 * the page the sign-in leads to (any address not here is a page load).
 */
export interface LightPage {
  title?: string;
  inLayout: boolean;
  load: () => Promise<ComponentType>;
}

const inLayout = (page: DrawnPage): LightPage => ({ ...page, inLayout: true });
const alone = (page: DrawnPage): LightPage => ({ ...page, inLayout: false });

export const LIGHT_PAGES: Record<string, LightPage> = {
  '/': inLayout(homePage),
  ...Object.fromEntries(PUBLIC_SECTIONS.map((section) => [`/${section}`, inLayout(sectionPage(section))])),
  '/mindex': alone(mobileIndexPage),
  '/login': alone(supplierSignInPage),
  '/weblogin': alone(supplierSignInPage),
  '/adminlogin': alone(employeeSignInPage),
};

export const lightPageAt = (pathname: string): LightPage | undefined => LIGHT_PAGES[normalisePath(pathname)];
