import type { ViewKey } from '@lvb/contracts/views';
import type { ComponentType } from 'react';

/**
 * The one place that knows the spec's menu view keys (DESIGN §6): each key the server menu may
 * name maps to the page module that renders it. A key without an entry has no page yet; its menu
 * entries are left out of the routes and the sidebar until a later issue adds the page here, e.g.
 *   'system/user': () => import('@/features/people/components/users-page'),
 * Several keys that mean the same page may point to the same module.
 */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export const viewRegistry: Partial<Record<ViewKey, PageLoader>> = {
  // Back-office administration (issue 4).
  'system/user': () => import('@/features/people/components/users-page'),
  'manager/auser': () => import('@/features/people/components/users-page'),
  'system/role': () => import('@/features/roles/components/roles-page'),
  'manager/arole': () => import('@/features/roles/components/roles-page'),
  'system/menu': () => import('@/features/menus/components/menus-page'),
  'manager/menu': () => import('@/features/menus/components/menus-page'),
  'system/dept': () => import('@/features/departments/components/departments-page'),
  'manager/user': () => import('@/features/supplier-accounts/components/suppliers-page'),
  'bidperson/adminuser': () => import('@/features/people/components/staff-page'),
  'bidperson/auditperson': () => import('@/features/people/components/auditors-page'),
  'bidperson/jjperson': () => import('@/features/people/components/supervisors-page'),
  'bidperson/yezhu': () => import('@/features/people/components/owners-page'),
  'base/log': () => import('@/features/logs/components/logs-page'),
  'system/config': () => import('@/features/parameters/components/system-config-page'),
  'system/notice': () => import('@/features/notices/components/notices-page'),
  'base/parameter': () => import('@/features/parameters/components/business-parameters-page'),
  // Projects, the hall and the supplier's side (issue 5).
  'item/project': () => import('@/features/projects/components/owner-projects-page'),
  'item/nocheck': () => import('@/features/projects/components/audit-projects-page'),
  'manager/itemaudit': () => import('@/features/projects/components/audit-projects-page'),
  'item/cxitem': () => import('@/features/projects/components/query-projects-page'),
  'web/hall': () => import('@/features/public/components/web-hall-page'),
  'sup/supItem': () => import('@/features/supplier-portal/components/followed-projects-page'),
  'sup/supPub': () => import('@/features/supplier-portal/components/my-notices-page'),
  // With the certificates bound to the user (DESIGN §9).
  'web/company': async () => ({ default: (await import('./company-with-certificates')).CompanyInfoWithCertificates }),
  // Applications (issue 12).
  'web/project': () => import('@/features/supplier-applications/components/my-applications-page'),
  'bidmanager/bidapply': () => import('@/features/applications/components/applications-page'),
  'bidmanager/bidcheck': () => import('@/features/applications/components/check-applications-page'),
  'manager/itemtype': () => import('@/features/master-data/components/item-types-page'),
  'manager/subcate': () => import('@/features/master-data/components/sub-categories-page'),
  'manager/itemplace': () => import('@/features/master-data/components/places-page'),
  'manager/departcate': () => import('@/features/master-data/components/depart-categories-page'),
  'manager/itemprocess': () => import('@/features/master-data/components/process-settings-page'),
  // Sealed bids and their opening (issue 12).
  'web/bidding2': () => import('@/features/bidding/components/bidding-page'),
  'web/bidding3': () => import('@/features/bidding/components/best-value-page'),
  'mandraw/opening': () => import('@/features/opening/components/openings-page'),
  'mandraw/score': () => import('@/features/scoring/components/scoring-page'),
  // Results: confirmation and signature, audit, publicity and objections, project notices.
  'bidmanager/bidres': () => import('@/features/results/components/query-results-page'),
  'mandraw/confirmsign': () => import('@/features/results/components/confirm-sign-page'),
  'mandraw/audit': () => import('@/features/results/components/audit-results-page'),
  'manager/proaudit': () => import('@/features/results/components/audit-results-page'),
  'mandraw/result': () => import('@/features/results/components/manage-results-page'),
  'mandraw/resultpub': () => import('@/features/results/components/publicity-results-page'),
  'mandraw/notice': () => import('@/features/results/components/project-notices-page'),
  // After the award: contract, service fee, acceptance.
  'mandraw/improve': () => import('@/features/completion/components/contracts-page'),
  'mandraw/fee': () => import('@/features/completion/components/fees-page'),
  'bidmanager/bidys': () => import('@/features/completion/components/acceptance-page'),
  // The guarantee service: products and templates, orders, issued letters, the supplier's side.
  'manager/product': () => import('@/features/guarantees/components/products-page'),
  'order/index': () => import('@/features/guarantees/components/orders-page'),
  'manager/gl': () => import('@/features/guarantees/components/letters-page'),
  'web/order': () => import('@/features/guarantees/components/my-orders-page'),
  'order/myguarantee': () => import('@/features/guarantees/components/my-guarantees-page'),
  // The contractor pool: members, their import and export, their publicity.
  'marwsup/cbsman': () => import('@/features/pool/components/members-page'),
  'marwsup/datatb': () => import('@/features/pool/components/data-page'),
  'marwsup/fixpub': () => import('@/features/pool/components/publicity-page'),
  // Pool draws: the staff's draws, the draw history, the supplier's asks.
  'mandraw/draw': () => import('@/features/draws/components/draws-page'),
  'marwsup/cbsselected': () => import('@/features/draws/components/draw-history-page'),
  'web/bidding1': () => import('@/features/draws/components/my-picks-page'),
  // Queries and statistics: project progress and bid records.
  'seach/bidsc': () => import('@/features/statistics/components/progress-page'),
  'seach/bidhistory': () => import('@/features/statistics/components/bid-records-page'),
};

export function pageLoaderFor(component: string): PageLoader | undefined {
  return Object.hasOwn(viewRegistry, component) ? viewRegistry[component as ViewKey] : undefined;
}
