import { BackHomeButton, ErrorPage } from './error-page';

/** The 404 page: `/404` and any unknown path (spec §2). */
export function NotFoundPage() {
  return <ErrorPage testId="not-found" status="404" code="404" texts="notFound" extra={<BackHomeButton />} />;
}
