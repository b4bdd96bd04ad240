import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { publicNoticeSummary } from '@lvb/contracts/notices';
import type { hallProjectDetail, hallRow } from '@lvb/contracts/project-rows';
import type { WireOf } from '@lvb/contracts/wire';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sessionStore } from '@/shared/lib/session';

/**
 * What the public pages' tests share: project 18 as the hall lists it and as its page shows it, its
 * announcement, a supplier to sign in, and a page at its address without antd's providers (the public pages draw
 * without antd, on the server too).
 */

/** Project 18 as the hall lists it: published, sign-up open, its deadlines far ahead. */
export const hallRow18 = (changes: Partial<WireOf<typeof hallRow>> = {}): WireOf<typeof hallRow> => ({
  id: 18,
  code: 'LV20261125000018',
  name: 'Survey of the ancient bridge',
  ownerName: 'Demo Owner',
  typeId: 2,
  typeName: 'Survey',
  typeNameZh: '勘察',
  placeId: 7,
  placeName: 'Xiaoshan',
  placeNameZh: '萧山区',
  budget: 27_000_000,
  model: 3,
  guaranteeRequired: true,
  guaranteeAmount: 270_000,
  signupStart: '2000-01-01T00:00:00.000Z',
  bidDeadline: '2999-12-08T15:37:09.449Z',
  openingAt: '2999-12-09T15:37:09.449Z',
  status: 'published',
  publishedAt: '2026-11-25T15:37:09.482Z',
  signup: 'open',
  ...changes,
});

/** Project 18 as its public page shows it: no qualification, description, document or announcement. */
export const hallProject18 = (
  changes: Partial<WireOf<typeof hallProjectDetail>> = {},
): WireOf<typeof hallProjectDetail> => ({
  ...hallRow18(),
  qualification: '',
  description: '',
  contactName: 'Olivia',
  contactTel: '0571-88880000',
  documents: [],
  minParticipants: 3,
  statusReason: null,
  notices: [],
  ...changes,
});

/** Project 18's announcement, as the lists of announcements show it. */
export const announcement13: WireOf<typeof publicNoticeSummary> = {
  id: 13,
  title: 'Announcement: Survey of the ancient bridge',
  noticeType: 'announcement',
  projectId: 18,
  createdAt: '2026-11-25T15:37:09.482Z',
};

/** Signs in Zhao Lei of Hill Builders, a supplier, with the given permissions. */
export function signInSupplier(permissions: string[]) {
  sessionStore.set({
    ...sessionStore.get(),
    user: {
      logUid: 'u1',
      empId: 5,
      empName: 'Zhao Lei',
      types: 1,
      userName: 'zhao',
      logTel: '13900000001',
      deptId: null,
      deptName: null,
      company: { compId: 3, compName: 'Hill Builders' },
      fix: 1,
      roles: ['supplier'],
      permissions,
    },
    permissions,
  });
}

/** A query client as the tests use it: a failed query is not tried again. */
export const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * A public page at `path` (its route the path's pathname), with a query client and a router and
 * nothing of antd; `router` tells where the page went.
 */
export function publicPage(element: ReactNode, path: string, client = newQueryClient()) {
  const router = createMemoryRouter([{ path: new URL(path, 'http://localhost').pathname, element }], {
    initialEntries: [path],
  });
  return {
    router,
    ui: (
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    ),
  };
}
