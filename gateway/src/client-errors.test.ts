import { messages } from '@smista/contracts';
import { clientErrorAnswer } from './client-errors';

test('each refusal Node makes before Express has its status and Italian message', () => {
  const err = (code: string) => Object.assign(new Error(code), { code });
  expect(clientErrorAnswer(err('HPE_HEADER_OVERFLOW'))).toEqual({ status: 431, reason: 'Request Header Fields Too Large', message: messages.errors.headersTooLarge });
  expect(clientErrorAnswer(err('ERR_HTTP_REQUEST_TIMEOUT'))).toEqual({ status: 408, reason: 'Request Timeout', message: messages.errors.requestTimeout });
  expect(clientErrorAnswer(err('HPE_INVALID_METHOD'))).toEqual({ status: 400, reason: 'Bad Request', message: messages.errors.badRequest });
});
