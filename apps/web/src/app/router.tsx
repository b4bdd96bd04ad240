import {
  createBrowserRouter,
  Navigate,
  useLocation,
  useParams,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { RouteErrorPage } from '@/shared/components/errors/route-error-page';
import { PageLoading } from '@/shared/components/page-loading';
import { loadTexts } from '@/shared/lib/i18n';
import { basePath, registerNavigator } from '@/shared/lib/navigation';
import { AntdScopeBoundary, withAntdScope } from './antd-scope-loader';
import { RootShell } from './root-shell';
import {
  employeeSignInPage,
  homePage,
  mobileIndexPage,
  PUBLIC_SECTIONS,
  sectionPage,
  supplierSignInPage,
  type DrawnPage,
} from './routes/drawn-pages';
import { guardLoader } from './routes/guard';
import type { RouteHandle } from './routes/page-meta';

/** `/redirect/*` re-enters a path, remounting its page (used by "refresh page" of the tags). */
function RedirectView() {
  const params = useParams();
  const location = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${location.search}`} replace />;
}

const handle = (value: RouteHandle) => value;

/** The error pages use antd: inside its configuration, or plain when it cannot be downloaded. */
function RootErrorPage() {
  return (
    <AntdScopeBoundary loading={<PageLoading fullScreen />} plainOnFailure>
      <RouteErrorPage />
    </AntdScopeBoundary>
  );
}

/** A drawn page's route component, loaded on demand. */
const drawnRoute = (page: DrawnPage) => async () => ({ Component: await page.load() });

/**
 * Pages load on demand so the public side does not download the admin shell (and vice versa).
 * `handle: { plain: true }` marks a page that renders without antd (see RouteHandle).
 */
const publicRoutes: RouteObject[] = [
  {
    // Shared by the home page (plain) and the public sections: plain itself.
    lazy: async () => ({ Component: (await import('@/features/public/components/public-layout')).PublicLayout }),
    children: [
      { index: true, handle: handle({ plain: true }), lazy: drawnRoute(homePage) },
      ...PUBLIC_SECTIONS.map((section): RouteObject => {
        const page = sectionPage(section);
        return { path: section, handle: handle({ title: page.title, plain: true }), lazy: drawnRoute(page) };
      }),
    ],
  },
  { path: 'mindex', handle: handle({ title: mobileIndexPage.title, plain: true }), lazy: drawnRoute(mobileIndexPage) },
  ...['login', 'weblogin'].map((path): RouteObject => ({
    path,
    handle: handle({ title: supplierSignInPage.title, plain: true }),
    lazy: drawnRoute(supplierSignInPage),
  })),
  {
    path: 'adminlogin',
    handle: handle({ title: employeeSignInPage.title, plain: true }),
    lazy: drawnRoute(employeeSignInPage),
  },
  ...['register', 'webregister'].map((path): RouteObject => ({
    path,
    handle: handle({ title: 'register.title' }),
    lazy: async () => ({ Component: (await import('@/features/auth/components/register-page')).RegisterPage }),
  })),
  {
    path: '401',
    handle: handle({ title: 'nav.unauthorized' }),
    lazy: async () => ({ Component: (await import('@/shared/components/errors/unauthorized-page')).UnauthorizedPage }),
  },
  {
    path: '404',
    handle: handle({ title: 'nav.notFound' }),
    lazy: async () => ({ Component: (await import('@/shared/components/errors/not-found-page')).NotFoundPage }),
  },
];

/**
 * Static routes after sign-in (spec §2), inside the admin layout; the rest come from the menu. The
 * layout waits for the back office's texts, which the public side never downloads.
 */
const adminRoutes: RouteObject = {
  lazy: async () => {
    const [{ AdminLayout }] = await Promise.all([import('./layout/admin-layout'), loadTexts('backOffice')]);
    return { Component: AdminLayout };
  },
  children: [
    {
      path: 'adminindex',
      handle: handle({ title: 'nav.home', affix: true }),
      lazy: async () => ({ Component: (await import('@/features/dashboard/components/dashboard-page')).DashboardPage }),
    },
    { path: 'redirect/*', handle: handle({ title: 'nav.redirect' }), Component: RedirectView },
    {
      path: 'user/profile',
      handle: handle({ title: 'nav.profile' }),
      lazy: async () => ({ Component: (await import('./routes/profile-with-certificates')).ProfileWithCertificates }),
    },
    // A project's draw or opening as it happens, for staff and suppliers taking part in it.
    {
      path: 'live/:id',
      handle: handle({ title: 'live.title' }),
      lazy: async () => ({ Component: (await import('@/features/live/components/live-page')).default }),
    },
    {
      path: 'company/info',
      handle: handle({ title: 'nav.companyInfo', trail: ['nav.myCompany'] }),
      lazy: async () => ({
        Component: (await import('./routes/company-with-certificates')).CompanyInfoWithCertificates,
      }),
    },
    {
      path: 'company/edit',
      handle: handle({ title: 'nav.companyEdit', trail: ['nav.myCompany'] }),
      lazy: async () => ({
        Component: (await import('@/features/company/components/company-edit-page')).CompanyEditPage,
      }),
    },
    {
      path: 'company/editpwd',
      handle: handle({ title: 'nav.companyPwd', trail: ['nav.myCompany'] }),
      lazy: async () => ({
        Component: (await import('@/features/company/components/company-password-page')).CompanyPasswordPage,
      }),
    },
    // The guarantee service's static routes (DESIGN §6), outside the menus: staff orders and a
    // supplier's own guarantees.
    {
      path: 'order',
      handle: handle({ title: 'guarantees.title.orders' }),
      lazy: async () => ({ Component: (await import('@/features/guarantees/components/orders-page')).default }),
    },
    {
      path: 'order/myguarantee',
      handle: handle({ title: 'guarantees.title.myGuarantees' }),
      lazy: async () => ({
        Component: (await import('@/features/guarantees/components/my-guarantees-page')).default,
      }),
    },
    // Menu-driven pages, and the 404 for paths that are neither static nor in the user's menu.
    { id: 'menu-view', path: '*', lazy: async () => ({ Component: (await import('./layout/menu-view')).MenuView }) },
  ],
};

/**
 * The app's routes: the browser's router (main.tsx) and the server's drawing of the public pages
 * (entry-server.tsx) are built from the same table, so a page drawn on the server hydrates into the
 * very tree it was drawn from.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    // The guard must see every navigation, not only the first one.
    shouldRevalidate: () => true,
    Component: RootShell,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: () => <PageLoading fullScreen />,
    // Pages not marked plain fetch antd's configuration with their chunk.
    children: withAntdScope([...publicRoutes, adminRoutes]),
  },
];

/** The browser's router; `hydrationData` when the page came drawn by the server. */
export function createAppRouter(hydrationData?: HydrationState) {
  const router = createBrowserRouter(routes, { basename: basePath() || '/', hydrationData });
  registerNavigator((to, options) => void router.navigate(to, options));
  return router;
}
