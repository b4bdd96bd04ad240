import { ResultsList } from './results-list';

/** `mandraw/audit` and `manager/proaudit`: the auditor approves or returns a result and decides objections. */
export default function AuditResultsPage() {
  return <ResultsList preset="audit" />;
}
