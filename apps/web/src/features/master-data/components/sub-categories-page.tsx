import { URLS } from '../api/master-data';
import { NamedPagedPage } from './named-paged-page';

/** manager/subcate: sub-categories of the project types. */
export default function SubCategoriesPage() {
  return <NamedPagedPage resource="subcate" url={URLS.subcategories} exportName="subcategories.xlsx" withType />;
}
