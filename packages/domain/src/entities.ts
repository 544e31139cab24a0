// Entity types of spec §3. Fields are camelCase; dates are ISO 8601 strings.
// JSON blobs (item metadata, integration metadata, source configuration) keep the snake_case keys
// they are stored and searched with, so the server persists them verbatim.

export type TriageStatus = 'inbox' | 'later' | 'low_priority' | 'scheduled' | 'sent' | 'cleared' | 'drafts';
export type TriageType = 'email' | 'mention' | 'notification';
/** Where a mailbox lives: the two OAuth providers, or any IMAP/SMTP host (decision 023). */
export type Provider = 'office365' | 'gmail' | 'imap';
/** The providers connected through OAuth consent. */
export type OAuthProvider = Exclude<Provider, 'imap'>;
export type EmailStatus = 'available' | 'archived' | 'deleted' | 'error' | 'syncing';
// Providers report other folder states too; the three named ones drive the rules.
export type FolderState = 'deleted' | 'archived' | 'archive' | (string & {});

export const TRIAGE_STATUSES: readonly TriageStatus[] = [
  'inbox',
  'later',
  'low_priority',
  'scheduled',
  'sent',
  'cleared',
  'drafts',
];
export const TRIAGE_TYPES: readonly TriageType[] = ['email', 'mention', 'notification'];
export const PROVIDERS: readonly Provider[] = ['office365', 'gmail', 'imap'];
export const OAUTH_PROVIDERS: readonly OAuthProvider[] = ['office365', 'gmail'];
export const EMAIL_STATUSES: readonly EmailStatus[] = [
  'available',
  'archived',
  'deleted',
  'error',
  'syncing',
];

export type NotificationSettings = { email: boolean; push: boolean; mentions: boolean };

export type Profile = {
  id: string;
  fullName: string | null;
  email: string | null;
  avatarUrl: string | null;
  jobTitle: string | null;
  handle: string | null;
  capacityHours: number;
  notificationSettings: NotificationSettings;
};

export type TriageItemMetadata = {
  preview_content?: string | null;
  extracted_references?: string[] | null;
  exchange_folder_state?: FolderState | null;
  assignee?: string | null;
  tags?: string[] | null;
  [key: string]: unknown;
};

/** The notification source columns read together with a triage item. */
export type TriageItemSource = { sourceType: string; sourceName: string; priority: number };

export type TriageItem = {
  id: string;
  userId: string;
  fromAddress: string;
  subject: string;
  time: string;
  type: TriageType;
  isRead: boolean;
  avatar: string | null;
  status: TriageStatus;
  emailMessageId: string | null;
  emailIntegrationId: string | null;
  emailThreadId: string | null;
  notificationType: string;
  notificationSourceId: string | null;
  metadata: TriageItemMetadata;
  previewContent: string | null;
  extractedReferences: string[] | null;
  syncPriority: number;
  lastSyncAttemptAt: string | null;
  syncErrorCount: number;
  syncErrorMessage: string | null;
  updatedAt: string;
  /** When a snoozed item (status scheduled) returns to the inbox; null otherwise. */
  snoozedUntil?: string | null;
  notificationSource: TriageItemSource | null;
};

export type ResetScope = { inbox: boolean; sent: boolean; archive: boolean };

export type EmailIntegrationMetadata = {
  last_complete_reset_at?: string | null;
  reset_scope?: ResetScope | null;
  reset_items_count?: number | null;
  delta_token_inbox?: string | null;
  delta_token_sent?: string | null;
  delta_token_archive?: string | null;
  post_reset_state?: boolean | null;
  reset_baseline_date?: string | null;
  [key: string]: unknown;
};

/** The public view of an integration: tokens never leave the server, so it has no token fields. */
export type EmailIntegration = {
  id: string;
  userId: string;
  provider: Provider;
  emailAddress: string;
  isActive: boolean;
  tokenExpiresAt: string | null;
  lastSyncAt: string | null;
  /** Granted scopes (office365); null means unknown, and a reconnect is recommended. */
  scopes: string[] | null;
  createdAt: string;
  updatedAt: string;
  metadata: EmailIntegrationMetadata;
};

export type NotificationSourceConfiguration = {
  provider?: Provider;
  integration_id?: string;
  last_migrated_at?: string;
  [key: string]: unknown;
};

export type NotificationSource = {
  id: string;
  userId: string;
  sourceType: 'email' | (string & {});
  sourceName: string;
  isActive: boolean;
  syncEnabled: boolean;
  syncIntervalMinutes: number;
  peakHoursIntervalMinutes: number;
  offPeakIntervalMinutes: number;
  priority: number;
  configuration: NotificationSourceConfiguration;
};

/** View model of the triage list: the items of one thread. */
export type ThreadGroup = {
  id: string;
  isThread: boolean;
  emails: TriageItem[];
  latestEmail: TriageItem;
  subject: string;
  participants: string[];
  unreadCount: number;
  lastActivity: string;
  isSelected: boolean;
};

export type EmailAddress = { name: string; address: string };
export type EmailAttachment = { id: string; name: string; size: number };
export type EmailBody = { content: string; contentType: 'html' | 'text' | (string & {}) };

export type EmailInThread = {
  id: string;
  subject: string;
  from: EmailAddress;
  to: EmailAddress[];
  cc: EmailAddress[];
  bcc: EmailAddress[];
  receivedDateTime: string;
  body: EmailBody;
  hasAttachments: boolean;
  attachments: EmailAttachment[];
  isRead: boolean;
  status: EmailStatus;
};

/** A loaded thread, shown in the thread detail pane. */
export type Thread = {
  threadId: string;
  subject: string;
  emails: EmailInThread[];
  participants: EmailAddress[];
  lastActivity: string;
  emailCount: number;
};

/** The spec's chip types, and `client` (an organisation of the client list, decision 012). */
export type CustomFilterType = 'sender' | 'tag' | 'assignee' | 'client';
export type CustomFilter = { type: CustomFilterType; value: string };

export type AutoRefreshSettings = {
  enabled: boolean;
  interval: number;
  showNotifications: boolean;
  autoRefresh: boolean;
};

/** Percent widths of the two triage panes. */
export type PanelSizes = { left: number; right: number };

// Sample-only screens (static data, no server calls)

export type WorkStatus = 'TO_DO' | 'IN_PROGRESS' | 'DONE';

export type WorkItem = {
  id: string;
  title: string;
  status: WorkStatus;
  progress?: number;
  budget: number;
  actual: number;
  remaining: number;
  assignees: string[];
  dueDate: string;
};

export type ContactType = 'PERSON' | 'ORGANISATION';

export type Contact = {
  id: string;
  name: string;
  email: string;
  type: ContactType;
  organization: string;
  phone: string;
  avatar: string;
  lastActivity: string;
};

export type ContactGroup = { id: string; name: string; count: number };

export type TimelineEventType = 'email' | 'task' | 'meeting';

export type TimelineEvent = {
  type: TimelineEventType;
  title: string;
  description: string;
  timestamp: string;
  author: string;
};

export type WeekTaskType = 'meeting' | 'task';
export type WeekTask = { title: string; time: string; type: WeekTaskType };
export type WeekDay = { day: string; date: string; tasks: WeekTask[] };
