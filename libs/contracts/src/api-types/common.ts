/**
 * What every domain answers with: success and message wrappers, errors, the list meta and the
 * public configuration. JSON of `/api` (see `index.ts`); types only.
 */

/** A change that answers nothing else: DELETE of a member, an invite or an address. */
export interface SuccessJson {
  success: true;
}

/** `POST /api/request-password-reset` and `POST /api/reset-password`: the Italian text to show. */
export interface MessageJson {
  message: string;
}

/** One refused field of a 400: its path (`"email"`, `"addressTypes.0"`) and the Italian message. */
export interface FieldErrorJson {
  path: string;
  message: string;
}

/** Every non-ok answer: the Italian message to show, and for a refused body the field errors. */
export interface ErrorJson {
  message: string;
  errors?: FieldErrorJson[];
}

/** `GET /api/public-config` (public): what the browser may know of the gateway's configuration. */
export interface PublicConfigJson {
  /** The 'Termini e Condizioni' page, or null when none is configured. */
  termsUrl: string | null;
  /** The 'Privacy Policy' page, or null when none is configured. */
  privacyUrl: string | null;
  telemetry: {
    /** Browser tracing on: the shell loads its telemetry chunk and sends spans to /api/telemetry/traces. */
    traces: boolean;
  };
  /**
   * Single sign-on ('Accedi con SSO'), or null when it is off: the realm keycloak-js signs in at
   * (`url` + `realm`, the issuer being `<url>/realms/<realm>`) and the shell's public client there.
   */
  sso: { url: string; realm: string; clientId: string } | null;
}

/** List meta: one schema and type, in `pages.ts` (`pageMetaSchema`), beside `pageMeta()`. */
export type { PageMetaJson } from '../pages';
