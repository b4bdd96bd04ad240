import { EmployeesPage, type EmployeesConfig } from '@/features/people/components/employees-page';
import { peopleConfig } from './people-config';

const config: EmployeesConfig = peopleConfig('staff', 'staff', 'people-staff-page', 'staff.xlsx', 'staff');

export default function PeoplePage() {
  return <EmployeesPage config={config} />;
}
