import { ForbiddenNotice } from '../../../components/forbidden-notice';

/** /forbidden, kept for old links: the notice inside the app's layout. */
export function Page() {
  return <ForbiddenNotice />;
}
