import type { NotificationJson } from '@smista/contracts';
import { markedRead, relativeTime } from './notifications';

const n = (id: number, read: boolean): NotificationJson => ({ id, kind: 'codes_low', title: 't', text: 'x', link: '/carriers', createdAt: '2026-06-01T10:00:00Z', read });

describe('markedRead', () => {
  it('marks one read and lowers the count by one', () => {
    expect(markedRead({ notifications: [n(1, false), n(2, false)], unreadCount: 5 }, 2)).toEqual({ notifications: [n(1, false), n(2, true)], unreadCount: 4 });
  });
  it('one already read changes nothing', () => {
    expect(markedRead({ notifications: [n(1, true)], unreadCount: 3 }, 1)).toEqual({ notifications: [n(1, true)], unreadCount: 3 });
  });
  it('all: every listed one read, none left unread (beyond the list too)', () => {
    expect(markedRead({ notifications: [n(1, false), n(2, true)], unreadCount: 30 }, null)).toEqual({ notifications: [n(1, true), n(2, true)], unreadCount: 0 });
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('speaks Italian', () => {
    expect(relativeTime('2026-06-01T11:55:00Z', now)).toBe('5 minuti fa');
    expect(relativeTime('2026-06-01T09:00:00Z', now)).toBe('circa 3 ore fa');
    expect(relativeTime('2026-05-31T12:00:00Z', now)).toBe('un giorno fa');
  });
  it('a time slightly ahead is now; an unreadable one is empty', () => {
    expect(relativeTime('2026-06-01T12:00:20Z', now)).toBe('meno di un minuto fa');
    expect(relativeTime('', now)).toBe('');
  });
});
