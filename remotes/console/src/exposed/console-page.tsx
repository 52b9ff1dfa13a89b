import type { RoutePageProps } from '@atrium/federation';
import { $marketplaceId } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { ConsolePage } from '../shell/console-page';

/** /{id}/console and below: the staff console, behind its staff gate. Rendered in the browser only. */
export default function ConsoleRoute({ marketplaceId }: RoutePageProps) {
  const stored = useStore($marketplaceId);
  return <ConsolePage marketplaceId={marketplaceId ?? stored ?? ''} />;
}

/** Who is staff is known only in the browser (the session cookie's answer): never on the server. */
export function rendersOnServer(): boolean {
  return false;
}
