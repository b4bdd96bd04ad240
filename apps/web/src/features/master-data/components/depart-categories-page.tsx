import { URLS } from '../api/master-data';
import { NamedPagedPage } from './named-paged-page';

/** manager/departcate: owner (department) categories. */
export default function DepartCategoriesPage() {
  return <NamedPagedPage resource="departcate" url={URLS.departCategories} exportName="owner-categories.xlsx" />;
}
