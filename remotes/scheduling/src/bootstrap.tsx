import { mountStandalone } from '@atrium/federation/standalone';
import SchedulePage from './exposed/schedule-page';

mountStandalone('scheduling', [{ path: 'schedule', element: <SchedulePage /> }]);
