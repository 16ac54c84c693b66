/** The registration form's validated values, all of which POST /api/register checks. */
export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

/**
 * What POST /api/register receives (spec §7): the registration fields, the confirmation and the
 * terms (the server checks them too, spec §5), plus `inviteToken` when the URL carried one
 * (trimmed, spec §5).
 *
 * @example registrationBody(values, ' tok ') // { ...values, inviteToken: 'tok' }
 */
export function registrationBody(values: RegistrationValues, inviteToken: string | null | undefined) {
  const token = inviteToken?.trim();
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    username: values.username,
    password: values.password,
    confirmPassword: values.confirmPassword,
    terms: values.terms,
    ...(token ? { inviteToken: token } : {}),
  };
}
