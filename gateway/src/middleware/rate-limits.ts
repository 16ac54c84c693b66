import type { Request, RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { buyerMailMessages, messages, trackingPageLanguageOf } from '@smista/contracts';
import { renderTooManyPage, sendPage } from '../pages/tracking-page';
import type { Logger } from '@smista/service-kit';
import type { RateLimitConfig } from '../config';
import { HttpError } from './errors';
import { connectSharedLimitStore, type SharedLimitStore } from './rate-limit-store';

/** The limiters a route can name in the route table. */
export type LimiterName =
  | 'loginPerIp'
  | 'loginPerEmail'
  | 'registerPerIp'
  | 'resetPerIp'
  | 'resetPerEmail'
  | 'checkEmailPerIp'
  | 'invitesPerUser'
  | 'inviteLookupsPerIp'
  | 'telemetryPerIp'
  | 'trackingPagePerIp'
  | 'buyerMailTestsPerUser';

interface LimiterRule {
  limit: (c: RateLimitConfig) => number;
  /** `user`: the logged-in user's id, so the limiter runs after the session is resolved. */
  key: 'ip' | 'email' | 'user';
  message: string;
  /** Its own window; default the shared `windowMs`. */
  windowMs?: (c: RateLimitConfig) => number;
  /** Count only refused attempts (login): a user who logs in often is not an attacker. */
  onlyFailures?: boolean;
  /** A page, not the API: the refusal is this short HTML page instead of the JSON error. */
  page?: (req: Request) => string;
}

const rules: Record<LimiterName, LimiterRule> = {
  loginPerIp: { limit: (c) => c.loginPerIp, key: 'ip', message: messages.errors.tooManyLoginAttempts, onlyFailures: true },
  loginPerEmail: { limit: (c) => c.loginPerEmail, key: 'email', message: messages.errors.tooManyLoginAttempts, onlyFailures: true },
  registerPerIp: { limit: (c) => c.registerPerIp, key: 'ip', message: messages.errors.tooManyRegistrations },
  resetPerIp: { limit: (c) => c.resetPerIp, key: 'ip', message: messages.errors.tooManyResetRequests },
  resetPerEmail: { limit: (c) => c.resetPerEmail, key: 'email', message: messages.errors.tooManyResetRequests },
  checkEmailPerIp: { limit: (c) => c.checkEmailPerIp, key: 'ip', message: messages.errors.tooManyRequests },
  invitesPerUser: { limit: (c) => c.invitesPerUser, windowMs: (c) => c.invitesWindowMs, key: 'user', message: messages.errors.tooManyInvites },
  // Token guessing: only refused lookups count.
  inviteLookupsPerIp: { limit: (c) => c.inviteLookupsPerIp, key: 'ip', message: messages.errors.tooManyRequests, onlyFailures: true },
  telemetryPerIp: { limit: (c) => c.telemetryPerIp, key: 'ip', message: messages.errors.tooManyRequests },
  // Issue 26: a merchant's test e-mails to itself, an hour's window of their own.
  buyerMailTestsPerUser: { limit: (c) => c.buyerMailTestsPerHour, windowMs: () => 3_600_000, key: 'user', message: buyerMailMessages.testTooMany },
  // Issue 26: the buyers' public tracking page, a minute's window of its own.
  trackingPagePerIp: {
    limit: (c) => c.trackingPagePerMinute,
    windowMs: () => 60_000,
    key: 'ip',
    message: messages.errors.tooManyRequests,
    page: (req) => renderTooManyPage(trackingPageLanguageOf(req.headers['accept-language'])),
  },
};

/** True for limiters keyed by the user: the router puts them after the session filter. */
export function limiterNeedsSession(name: LimiterName): boolean {
  return rules[name].key === 'user';
}

const userKey = (req: Request): string => req.session?.user.id ?? `ip:${ipKey(req)}`;

/** The e-mail a body names, normalised so `A@x.it ` and `a@x.it` share one counter. */
export function emailKey(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

const ipKey = (req: Request): string => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/**
 * One limiter per rule, created once with the app. With a shared store (REDIS_URL) the counters
 * live in Redis and every gateway replica adds to the same ones, so a limit holds for the whole
 * deployment. Without it they are in memory, per process: with several replicas the effective
 * limit is `limit × replicas` (the gateway warns at start, see {@link openRateLimitStore}).
 * Limiters run after the JSON body is parsed (per-e-mail keys read it) and before validation,
 * so malformed attempts count too; per-user ones run after the session filter (they need the user).
 */
export type Limiters = Record<LimiterName, RequestHandler>;

/**
 * The shared store REDIS_URL names, its keys under RATE_LIMIT_REDIS_PREFIX (the replicas of one
 * installation share it; installations on one Redis each have their own). Without REDIS_URL,
 * undefined and a warning: limits are per process.
 */
export function openRateLimitStore(config: RateLimitConfig, logger: Logger): SharedLimitStore | undefined {
  if (!config.enabled) return undefined;
  if (!config.redisUrl) {
    logger.warn('rate limits are per process: set REDIS_URL to share them across replicas');
    return undefined;
  }
  return connectSharedLimitStore({ url: config.redisUrl, prefix: config.keyPrefix, logger });
}

export function createLimiters(config: RateLimitConfig, shared?: SharedLimitStore): Limiters {
  const pass: RequestHandler = (_req, _res, next) => next();
  const out = {} as Limiters;
  for (const [name, rule] of Object.entries(rules) as [LimiterName, LimiterRule][]) {
    if (!config.enabled) {
      out[name] = pass;
      continue;
    }
    out[name] = rateLimit({
      windowMs: rule.windowMs?.(config) ?? config.windowMs,
      limit: rule.limit(config),
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      skipSuccessfulRequests: rule.onlyFailures ?? false,
      // A body without an e-mail is refused by validation; only the per-IP counter applies to it.
      skip: rule.key === 'email' ? (req) => emailKey(req) === undefined : undefined,
      // Each limiter has its own store (in memory) or key prefix (Redis): the key is only who is counted.
      keyGenerator: (req) => (rule.key === 'email' ? emailKey(req)! : rule.key === 'user' ? userKey(req) : ipKey(req)),
      handler: (req, res, next) => {
        const page = rule.page;
        if (!page) return next(new HttpError(429, rule.message));
        sendPage(res, 429, page(req));
      },
      // Redis away: the request passes uncounted, with a warning (fail-open, see connectSharedLimitStore).
      ...(shared ? { store: shared.storeFor(name), passOnStoreError: true, logger: shared.logger } : {}),
    });
  }
  return out;
}
