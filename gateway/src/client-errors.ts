import type { Socket } from 'node:net';
import { messages } from '@smista/contracts';

/** The answer to a request Node refused before Express saw it: its status and Italian message. */
export function clientErrorAnswer(err: NodeJS.ErrnoException): { status: number; reason: string; message: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', message: messages.errors.headersTooLarge };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', message: messages.errors.requestTimeout };
    default:
      return { status: 400, reason: 'Bad Request', message: messages.errors.badRequest };
  }
}

/**
 * The server's `clientError` listener: a request line or headers over Node's limit, a request that
 * did not arrive within REQUEST_TIMEOUT_MS, or one that is not HTTP get their status with an Italian
 * JSON message (Node's own answer has no body), and the connection closes. A socket already gone,
 * or a response already started, is only closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code !== 'ECONNRESET' && socket.writable && !started) {
    const { status, reason, message } = clientErrorAnswer(err);
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
