import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';

export interface MailMessage {
  to: string[];
  subject: string;
  body: string;
}

/** Mail is queued in the caller's transaction, so it exists exactly when the change that caused it does. */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  const recipients = [...new Set(message.to.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (recipients.length === 0) return;
  await db.insert(mailOutbox).values({ recipients, subject: message.subject, body: message.body });
}
