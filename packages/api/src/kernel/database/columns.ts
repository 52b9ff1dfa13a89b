import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date: every point in time the tables keep. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
