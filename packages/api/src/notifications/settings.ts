import type { MailConfig } from './config';

/** What client notifications need beyond the database: who sends them and where their links go. */
export interface NotificationSettings {
  /** The sending address (`MAIL_FROM`); the marketplace's name is the sender name. */
  mailFrom: string;
  /** The web app's origin for links in messages (the first of `WEB_ORIGINS`), no trailing slash. */
  webOrigin: string;
}

/** The notification settings of the configuration (MAIL_FROM, WEB_ORIGINS). */
export function notificationSettings(identity: {
  mail: MailConfig;
  webOrigins: string[];
}): NotificationSettings {
  return {
    mailFrom: identity.mail.from,
    webOrigin: (identity.webOrigins[0] ?? 'http://localhost:3000').replace(/\/+$/, ''),
  };
}
