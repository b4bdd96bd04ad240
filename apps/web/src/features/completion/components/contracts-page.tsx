import { CompletionList } from './completion-list';

/** `mandraw/improve`: the owner completes each confirmed award with its contract. */
export default function ContractsPage() {
  return <CompletionList step="contract" />;
}
