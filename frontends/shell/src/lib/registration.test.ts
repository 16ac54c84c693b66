import { registrationBody } from './registration';

const values = {
  firstName: 'Anna',
  lastName: 'Bianchi',
  email: 'anna@example.com',
  username: 'anna',
  password: 'Abcdef1',
  confirmPassword: 'Abcdef1',
  terms: true,
};

describe('registrationBody', () => {
  it('sends the registration fields with the confirmation and the terms, nothing else', () => {
    expect(registrationBody({ ...values, remember: true } as typeof values, null)).toEqual(values);
  });

  it('adds the trimmed invite token when present', () => {
    expect(registrationBody(values, '  tok-123 \n')).toEqual({ ...values, inviteToken: 'tok-123' });
    expect(registrationBody(values, '   ')).toEqual(values);
  });
});
