import { roleToProto, withTransaction } from '@smista/service-kit';
import { checkEmailSchema, loginSchema, selectMerchantSchema } from '@smista/contracts';
import { common, type identity } from '@smista/proto';
import { identityErrors } from '../domain/errors';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '../domain/passwords';
import { selectedMerchant, sessionExpiry, shouldExtendSession } from '../domain/sessions';
import { generateToken, hashToken, isWellFormedToken } from '../domain/tokens';
import { firstTakenField, normalizeEmail, parseRegistration, takenError, toUserView, type UserRecord } from '../domain/users';
import { enqueueSessionsInvalidated, enqueueUserRegistered, InvalidationReason } from '../events/publishers';
import * as sessions from '../store/sessions';
import * as users from '../store/users';
import { CallerTokenCache } from './caller-tokens';
import type { HandlerDeps } from './deps';
import { toProtoUser } from './mapping';

/** Register, Login, Logout, ResolveSession, SelectMerchant, CheckEmail. */
export function authHandlers(deps: HandlerDeps) {
  const { pool, unary } = deps;
  const callerTokens = new CallerTokenCache(deps.callerSecret);

  function newSession(now = new Date()) {
    const token = generateToken();
    return { token, tokenHash: hashToken(token), expiresAt: sessionExpiry(now, deps.sessionTtlHours) };
  }

  function sessionResponse(user: UserRecord, session: { token: string; expiresAt: Date }): identity.SessionResponse {
    return { user: toProtoUser(toUserView(user)), sessionToken: session.token, expiresAt: session.expiresAt.toISOString() };
  }

  /** The live session behind a raw token, or SESSION_INVALID. */
  async function liveSession(token: string, includeAvatar = false) {
    if (!isWellFormedToken(token)) throw identityErrors.sessionInvalid();
    const tokenHash = hashToken(token);
    const session = await sessions.findActiveSession(pool, tokenHash, includeAvatar);
    if (!session) throw identityErrors.sessionInvalid();
    return { tokenHash, session };
  }

  return {
    register: unary<identity.RegisterRequest, identity.SessionResponse>('Register', async (req, ctx) => {
      const r = parseRegistration(req);
      // Pre-check for the friendly message without paying for a hash; the unique indexes settle races.
      const clash = firstTakenField(await users.findTakenFields(pool, r));
      if (clash) throw takenError(clash);
      const passwordHash = await hashPassword(r.password);
      const session = newSession();
      let user: UserRecord;
      try {
        user = await withTransaction(pool, async (tx) => {
          const created = await users.insertUser(tx, { ...r, passwordHash });
          await sessions.insertSession(tx, { tokenHash: session.tokenHash, userId: created.id, expiresAt: session.expiresAt });
          await enqueueUserRegistered(tx, { userId: created.id, email: created.email, inviteToken: r.inviteToken, occurredAt: created.createdAt });
          return created;
        });
      } catch (err) {
        const field = users.takenFieldOf(err);
        if (field) throw takenError(field);
        throw err;
      }
      ctx.logger.info({ userId: user.id, invited: !!r.inviteToken }, 'user registered');
      return sessionResponse(user, session);
    }),

    login: unary<identity.LoginRequest, identity.SessionResponse>('Login', async (req, ctx) => {
      const { email, password } = loginSchema.parse(req);
      const user = await users.findUserByEmail(pool, normalizeEmail(email));
      if (!user) {
        await burnVerification(password);
        throw identityErrors.invalidCredentials();
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw identityErrors.invalidCredentials();
      if (needsRehash(user.passwordHash)) {
        await users.updatePasswordHash(pool, user.id, await hashPassword(password));
      }
      const session = newSession();
      await sessions.insertSession(pool, { tokenHash: session.tokenHash, userId: user.id, expiresAt: session.expiresAt });
      ctx.logger.info({ userId: user.id }, 'user logged in');
      return sessionResponse(user, session);
    }),

    /** The session ends, and every gateway has dropped its cached copy before this answers. */
    logout: unary<identity.LogoutRequest, common.Empty>('Logout', async (req) => {
      if (!isWellFormedToken(req.sessionToken)) return {};
      const tokenHash = hashToken(req.sessionToken);
      const invalidated = await withTransaction(pool, async (tx) => {
        const userId = await sessions.deleteSession(tx, tokenHash);
        return userId ? enqueueSessionsInvalidated(tx, { userId, tokenHash, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_LOGOUT }) : undefined;
      });
      if (invalidated) await deps.publishNow([invalidated]);
      return {};
    }),

    /**
     * Hot path (every authenticated gateway request the gateway's session cache does not answer):
     * one indexed query, no write except the hourly sliding-expiry bump, then a signed caller token
     * (reused for 10 s per caller) with its expiry. The avatar (up to 1.4 MB) comes only with
     * `includeAvatar`, for the current-user read.
     */
    resolveSession: unary<identity.ResolveSessionRequest, identity.ResolveSessionResponse>('ResolveSession', async (req) => {
      const { tokenHash, session } = await liveSession(req.sessionToken, req.includeAvatar);
      const now = new Date();
      if (shouldExtendSession(session.expiresAt, now, deps.sessionTtlHours)) {
        await sessions.extendSession(pool, tokenHash, sessionExpiry(now, deps.sessionTtlHours));
      }
      const merchant = selectedMerchant(session.merchantId, session.role);
      const caller = await callerTokens.issue({ userId: session.userId, merchantId: merchant?.merchantId, role: merchant?.role });
      return {
        user: toProtoUser(toUserView(session.user)),
        merchantId: merchant?.merchantId,
        role: merchant ? roleToProto(merchant.role) : common.Role.ROLE_UNSPECIFIED,
        callerToken: caller.token,
        callerTokenExpiresAt: new Date(caller.expiresAtMs).toISOString(),
      };
    }),

    selectMerchant: unary<identity.SelectMerchantRequest, identity.SelectMerchantResponse>('SelectMerchant', async (req, ctx) => {
      const { tokenHash, session } = await liveSession(req.sessionToken);
      const { merchantId } = selectMerchantSchema.parse({ merchantId: req.merchantId });
      const membership = await deps.memberships.getMembership(session.userId, merchantId);
      if (!membership) throw identityErrors.merchantNotFound();
      // The gateways' cached lookups of this session still name the merchant it worked in before.
      const invalidated = await withTransaction(pool, async (tx) => {
        if (!(await sessions.setSessionMerchant(tx, tokenHash, { merchantId, role: membership.role }))) return undefined;
        return enqueueSessionsInvalidated(tx, { userId: session.userId, tokenHash, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_MERCHANT_SELECTED });
      });
      if (!invalidated) throw identityErrors.sessionInvalid();
      await deps.publishNow([invalidated]);
      ctx.logger.info({ userId: session.userId, merchantId, role: membership.role }, 'merchant selected');
      return { merchantId, merchantName: membership.merchantName, role: roleToProto(membership.role) };
    }),

    checkEmail: unary<identity.CheckEmailRequest, identity.CheckEmailResponse>('CheckEmail', async (req) => {
      const { email } = checkEmailSchema.parse(req);
      return { exists: (await users.findUserIdByEmail(pool, normalizeEmail(email))) !== undefined };
    }),
  };
}
