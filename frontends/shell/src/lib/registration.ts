/** The registration form's validated values that the server cares about. */
export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/**
 * What POST /api/register receives (spec §7): the registration fields plus `inviteToken` when the
 * URL carried one (trimmed, spec §5). Confirmation and terms stay in the browser.
 */
export function registrationBody(values: RegistrationValues, inviteToken: string | null | undefined) {
  const token = inviteToken?.trim();
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    username: values.username,
    password: values.password,
    ...(token ? { inviteToken: token } : {}),
  };
}
