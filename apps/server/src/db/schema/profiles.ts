import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export type NotificationSettings = { email: boolean; push: boolean; mentions: boolean };

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    email: text('email'),
    avatarUrl: text('avatar_url'),
    jobTitle: text('job_title'),
    handle: text('handle'),
    capacityHours: integer('capacity_hours').notNull().default(40),
    /** IANA time zone for snooze and reminder times (migration 0008); detected at first sign-in. */
    timeZone: text('time_zone'),
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettings>()
      .notNull()
      .default({ email: true, push: true, mentions: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('profiles_check_capacity_hours', sql`${t.capacityHours} between 1 and 80`)],
);
