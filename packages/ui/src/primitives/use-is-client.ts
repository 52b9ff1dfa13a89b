import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page (so both render the
 * same), true from then on. For what only exists in the browser: dialogs portalled into the body,
 * anything sized by the screen.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
