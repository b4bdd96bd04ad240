import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// Its own chunk (table, upload, the dialog): the page above it does not wait for it, and a
// supplier's profile, which shows no card, never loads it.
const CertificatesCard = lazy(async () => ({
  default: (await import('@/features/auth/ca/certificates-card')).CertificatesCard,
}));

/** The certificates card of the signed-in account (features/auth/ca), a placeholder while it loads. */
export function LazyCertificatesCard() {
  return (
    <Suspense
      fallback={
        <Card className="page-card">
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      }
    >
      <CertificatesCard />
    </Suspense>
  );
}
