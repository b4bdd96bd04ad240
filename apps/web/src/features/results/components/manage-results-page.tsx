import { ResultsList } from './results-list';

/** `mandraw/result`: every result with each step the caller's permissions allow. */
export default function ManageResultsPage() {
  return <ResultsList preset="manage" />;
}
