/** The mail module's service: other modules queue mail here, in their own transaction; the worker (sender.ts) sends it. */
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string[];
  subject: string;
  body: string;
  /** The address answers go to, when not the no-reply sender (a transport order asks the carrier to confirm). */
  replyTo?: string | null;
  attachments?: MailAttachment[];
}

/**
 * Mail is queued in the caller's transaction, so it exists exactly when the change that caused it does.
 * Answers the outbox row's id, or null when there was nobody to write to.
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<number | null> {
  const recipients = [...new Set(message.to.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (recipients.length === 0) return null;
  const attachments = (message.attachments ?? []).map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    contentBase64: Buffer.from(file.content).toString('base64'),
  }));
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipients,
      subject: message.subject,
      body: message.body,
      replyTo: message.replyTo?.trim() || null,
      attachments,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
