import { describe, expect, it } from 'vitest';
import { unreadBadge, type NotificationDto } from '@prata/contracts';
import { addNotification, bellLabel } from './notification-list.ts';

const note = (id: string, minute: number): NotificationDto => ({
  id,
  type: 'info',
  title: 'Novo pedido',
  description: id,
  timestamp: `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`,
  read: false,
  action: null,
});

describe('notification list (admin.md 2, 9)', () => {
  it('adds only new ids, newest first, keeping at most 10', () => {
    let list: NotificationDto[] = [];
    for (let i = 0; i < 12; i += 1) list = addNotification(list, note(`n${i}`, i));
    list = addNotification(list, note('n11', 11));
    expect(list.map((n) => n.id)).toEqual(['n11', 'n10', 'n9', 'n8', 'n7', 'n6', 'n5', 'n4', 'n3', 'n2']);
  });

  it('caps the unread badge at 9+', () => {
    expect([0, 1, 9, 10, 42].map(unreadBadge)).toEqual(['', '1', '9', '9+', '9+']);
    // The bell's accessible name holds the badge's visible text (WCAG 2.5.3; axe label-content-name-mismatch).
    expect([0, 3, 10].map(bellLabel)).toEqual(['Notificações', 'Notificações: 3 não lidas', 'Notificações: 9+ não lidas']);
  });
});
