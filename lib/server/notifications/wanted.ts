/** Items one change calls for (raise.ts), of one kind about one thing, before the recipients' settings are read. */
import type { NotificationData, NotificationKind, NotificationReason } from '../../notifications/items';

export interface Wanted {
  kind: NotificationKind;
  subjectId: string;
  data: NotificationData;
  recipients: { staffId: string; reason: NotificationReason }[];
}
