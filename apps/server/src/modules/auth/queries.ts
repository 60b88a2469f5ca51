import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, refreshTokens, users } from '../../db/schema/index.js';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function lockUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Whether a reset code (used or not) was issued to the user since `since`. */
export async function hasPasswordResetSince(db: Db, userId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gte(passwordResets.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function insertRefreshToken(
  db: Db,
  values: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

export async function lockRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row ?? null;
}

export async function markRefreshTokenUsed(db: Db, id: number) {
  await db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of the user, except those of the family `keepFamilyId` (the caller's own session). */
export async function revokeUserTokens(db: Db, userId: number, keepFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

export async function updatePassword(db: Db, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordExpired: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function insertPasswordReset(db: Db, values: { userId: number; codeHash: string; expiresAt: Date }) {
  // A new code replaces any earlier one.
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values(values);
}

export async function lockLatestPasswordReset(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .orderBy(desc(passwordResets.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countResetAttempt(db: Db, id: number) {
  await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(eq(passwordResets.id, id));
}

export async function markPasswordResetUsed(db: Db, id: number) {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, id));
}
