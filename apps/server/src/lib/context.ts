import type { UserRole } from '@grain/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  passwordExpired: boolean;
}

/** What every service function receives: the database, the caller and the configuration. */
export interface Ctx {
  db: Db;
  user: SessionUser;
  /** The caller's session: the refresh-token family its access token was issued in (absent outside a request). */
  familyId?: string;
  config: Config;
  log: FastifyBaseLogger;
}

/** Context of a call made before sign-in (login, password reset). */
export type PublicCtx = Omit<Ctx, 'user' | 'familyId'> & { ip: string };
