import { CompanyInfoPage } from '@/features/company/components/company-info-page';

/** `web/company`: the supplier's company record (the existing info page, with its edit link). */
export default function SupplierCompanyPage() {
  return <CompanyInfoPage />;
}
