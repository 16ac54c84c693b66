import { capitalisedRole } from './roles';

describe('capitalisedRole', () => {
  it('capitalises the role for merchant selection', () => {
    expect(capitalisedRole('admin')).toBe('Admin');
    expect(capitalisedRole('user')).toBe('User');
    expect(capitalisedRole('ADMIN')).toBe('Admin');
    expect(capitalisedRole('')).toBe('');
    expect(capitalisedRole(undefined)).toBe('');
  });
});
