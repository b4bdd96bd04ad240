import { EmployeesPage, type EmployeesConfig } from '@/features/people/components/employees-page';
import { peopleConfig } from './people-config';

const config: EmployeesConfig = peopleConfig(
  'supervisors',
  'supervisor',
  'people-supervisors-page',
  'supervisors.xlsx',
  'none',
);

export default function PeoplePage() {
  return <EmployeesPage config={config} />;
}
