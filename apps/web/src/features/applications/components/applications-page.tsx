import { ApplicationsList } from './applications-list';

/** `bidmanager/bidapply`: every application to the caller's projects, filtered, exported. */
export default function ApplicationsPage() {
  return <ApplicationsList kind="all" />;
}
