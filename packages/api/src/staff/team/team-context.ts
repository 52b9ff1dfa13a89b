import type { NotificationSettings } from '../../notifications';
import type { StaffContext } from '../access';

/** What the Team section's services need: the staff guard's context, the clock and who mails invitations. */
export type TeamContext = StaffContext & {
  clock: () => Date;
  notifications: NotificationSettings;
};
