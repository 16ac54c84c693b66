import type { GrpcServiceBinding } from '@smista/service-kit';
import { identity } from '@smista/proto';
import type { HandlerDeps } from './deps';
import { authHandlers } from './auth-handlers';
import { passwordResetHandlers } from './password-reset-handlers';
import { profileHandlers } from './profile-handlers';

/** identity.v1.IdentityService: every rpc of the contract, bound for startGrpcServer. */
export function identityService(deps: HandlerDeps): GrpcServiceBinding {
  const implementation: identity.IdentityServiceServer = {
    ...authHandlers(deps),
    ...passwordResetHandlers(deps),
    ...profileHandlers(deps),
  };
  return { definition: identity.IdentityServiceService, implementation };
}
