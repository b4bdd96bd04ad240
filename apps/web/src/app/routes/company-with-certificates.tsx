import { CompanyInfoPage } from '@/features/company/components/company-info-page';
import { LazyCertificatesCard } from './lazy-certificates-card';

/**
 * `web/company` and `/company/info`: the supplier's company record, then the certificates bound
 * to the user (DESIGN §9). Composed here: features do not import each other.
 */
export function CompanyInfoWithCertificates() {
  return <CompanyInfoPage certificates={<LazyCertificatesCard />} />;
}
