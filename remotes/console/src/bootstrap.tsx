import { mountStandalone } from '@atrium/federation/standalone';
import { on } from '@atrium/stores';
import ConsolePage from './exposed/console-page';

// The standalone shell has no toast area or sign-in dialog; toasts go to the console instead.
on('toast', (toast) => console.info(`[toast ${toast.type}]`, toast.message));

mountStandalone('console', [{ path: 'console/*', element: <ConsolePage /> }]);
