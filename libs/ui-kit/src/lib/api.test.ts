import { ApiError, errorMessageFrom, errorStatusOf } from './api';

describe('errorMessageFrom', () => {
  it('reads the message field of a JSON error body', () => {
    expect(errorMessageFrom(new ApiError(400, '{"message":"Email già registrata"}'))).toBe('Email già registrata');
    expect(errorMessageFrom(new Error('401: {"message":"Accesso richiesto"}'))).toBe('Accesso richiesto');
  });

  it('gives undefined when there is no message', () => {
    expect(errorMessageFrom(new ApiError(502, 'Bad Gateway'))).toBeUndefined();
    expect(errorMessageFrom(new ApiError(400, '{"error":"x"}'))).toBeUndefined();
    expect(errorMessageFrom('nope')).toBeUndefined();
  });

  it('formats errors as "status: body" (spec §7)', () => {
    const e = new ApiError(404, 'Not Found');
    expect(e.message).toBe('404: Not Found');
    expect(errorStatusOf(e)).toBe(404);
    expect(errorStatusOf(new Error('500: boom'))).toBe(500);
  });
});
