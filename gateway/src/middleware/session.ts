import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { identity } from '@smista/proto';
import { GrpcStatus, isServiceError, roleFromProto, rpc } from '@smista/service-kit';
import { messages, type Role } from '@smista/contracts';
import { SessionCache, type CachedSession } from '../session-cache';
import { HttpError } from './errors';
import { readSessionToken } from './session-cookie';

/** The caller of a request, resolved once from the session cookie. */
export interface SessionContext {
  user: identity.User;
  merchantId?: string;
  role?: Role;
  /** Signed by identity; forwarded to services as `x-smista-caller`. */
  callerToken: string;
  /** Opened by single sign-on, not by a password (the caller token says so too). */
  signedInWithSso: boolean;
  /** The raw cookie value, for the calls that act on the session itself. */
  sessionToken: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by {@link resolveSession} on routes that need a logged-in user. */
      session?: SessionContext;
    }
  }
}

/**
 * Turns an `UNAUTHENTICATED` answer to a call made with the session token into a 401. The cookie is
 * left alone: the request may carry a session a newer login has just replaced (a login ends the
 * session it was made over), and a `Set-Cookie` clearing it would reach the browser after the new
 * one and log the person out of the session they just opened. A dead cookie costs nothing: it gets
 * 401s until the next login overwrites it; logout clears it.
 */
export function sessionRejected(err: unknown): unknown {
  if (isServiceError(err) && err.code === GrpcStatus.UNAUTHENTICATED) {
    return new HttpError(401, err.details || messages.errors.notAuthenticated);
  }
  return err;
}

/** 401 when the request carries no session cookie at all. */
export const requireSessionCookie: RequestHandler = (req, _res, next) => {
  if (!readSessionToken(req.headers.cookie)) return next(new HttpError(401, messages.errors.notAuthenticated));
  next();
};

/**
 * Resolves the session cookie and sets `req.session`, only on the routes that need a user: from
 * the session cache when it holds the session (see session-cache.ts: on only while the
 * invalidations arrive), else through identity.ResolveSession, whose answer the cache keeps.
 * Missing cookie → 401; a session identity does not know → 401, the cookie left alone (see {@link sessionRejected}).
 */
export function resolveSession(
  identityClient: identity.IdentityServiceClient,
  deadlineMs: number,
  options: { includeAvatar?: boolean; cache?: SessionCache } = {},
): RequestHandler {
  const identityRpc = rpc(identityClient, { deadlineMs });
  const includeAvatar = options.includeAvatar ?? false;
  const cache = options.cache;
  return async (req, res, next) => {
    const sessionToken = readSessionToken(req.headers.cookie);
    if (!sessionToken) return next(new HttpError(401, messages.errors.notAuthenticated));
    const key = cache ? SessionCache.keyOf(sessionToken) : '';
    const hit = cache?.get(key, includeAvatar);
    if (hit) return useSession(req, res, next, hit, sessionToken);
    const generation = cache?.generation() ?? 0;
    try {
      const resolved = await identityRpc.resolveSession({ sessionToken, includeAvatar });
      if (!resolved.user) return next(new HttpError(401, messages.errors.notAuthenticated));
      const session: CachedSession = {
        user: resolved.user,
        merchantId: resolved.merchantId || undefined,
        role: roleFromProto(resolved.role),
        callerToken: resolved.callerToken,
        signedInWithSso: resolved.signedInWithSso === true,
        withAvatar: includeAvatar,
      };
      cache?.set(key, session, Date.parse(resolved.callerTokenExpiresAt), generation);
      useSession(req, res, next, session, sessionToken);
    } catch (err) {
      next(sessionRejected(err));
    }
  };
}

function useSession(req: Request, res: Response, next: NextFunction, s: CachedSession, sessionToken: string): void {
  req.session = { user: s.user, merchantId: s.merchantId, role: s.role, callerToken: s.callerToken, signedInWithSso: s.signedInWithSso, sessionToken };
  res.locals.userId = s.user.id;
  next();
}
