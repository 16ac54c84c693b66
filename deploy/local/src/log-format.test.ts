import { formatLogLine, prefixLines } from './log-format';

test('renders a pino line as time, level, message and compact fields', () => {
  const time = new Date(2025, 0, 2, 9, 5, 7, 42).getTime();
  const line = JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', name: 'identity', msg: 'user registered', userId: 'u-1', note: 'due parole', ctx: { a: 1 } });
  expect(formatLogLine(line)).toBe('09:05:07.042 INFO  user registered userId=u-1 note="due parole" ctx={"a":1}');
});

test('adds the error stack on the following lines', () => {
  const line = JSON.stringify({ level: 50, time: 0, msg: 'boom', err: { type: 'Error', message: 'bad', stack: 'Error: bad\n    at x' } });
  const [head, ...rest] = formatLogLine(line).split('\n');
  expect(head).toMatch(/ERROR boom err=bad$/);
  expect(rest).toEqual(['Error: bad', '    at x']);
});

test('passes non-JSON lines through and prefixes every line with the name', () => {
  expect(formatLogLine('plain text')).toBe('plain text');
  expect(formatLogLine('{not json')).toBe('{not json');
  expect(prefixLines('gateway', 'a\nb', 9, false)).toBe('gateway   │ a\ngateway   │ b');
});
