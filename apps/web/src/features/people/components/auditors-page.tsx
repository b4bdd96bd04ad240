import { EmployeesPage, type EmployeesConfig } from '@/features/people/components/employees-page';
import { peopleConfig } from './people-config';

const config: EmployeesConfig = peopleConfig('auditors', 'auditor', 'people-auditors-page', 'auditors.xlsx', 'none');

export default function PeoplePage() {
  return <EmployeesPage config={config} />;
}
