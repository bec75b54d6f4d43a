/**
 * The admin layout's notification bell (admin.md 2 "Notifications"): the unread badge
 * capped at 9+, and a panel listing the newest 10 with their type, title, description, time and
 * optional action; each can be marked read or dismissed, and all can be marked read. New ones
 * arrive live over the realtime channel; the list refreshes every 30 s while the socket is down.
 */
import { AlertTriangle, Bell, CheckCircle2, Info, XCircle, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from '@prata/shared-ui/router';
import { unreadBadge, type NotificationType } from '@prata/contracts';
import { Button, Sheet, formatDateTime } from '@prata/shared-ui';
import { useNotifications } from '../api/get-notifications.ts';
import { useNotificationAction } from '../api/update-notifications.ts';
import { bellLabel } from '../hooks/notification-list.ts';
import { useLiveNotifications } from '../hooks/use-live-notifications.ts';
import styles from './notifications.module.css';

const ICONS: Record<NotificationType, LucideIcon> = { info: Info, success: CheckCircle2, warning: AlertTriangle, error: XCircle };

export function NotificationBell() {
  useLiveNotifications();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { data = [] } = useNotifications();
  const action = useNotificationAction();
  const unread = data.filter((n) => !n.read).length;
  const badge = unreadBadge(unread);
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className={styles.trigger}
        onClick={() => setOpen(true)}
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
      >
        <Bell size={18} aria-hidden="true" />
        {badge ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-badge">
            {badge}
          </span>
        ) : null}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title="Notificações" id="admin-notifications" closeLabel="Fechar notificações">
        <div className={styles.toolbar}>
          <span>{unread > 0 ? `${unread} não lidas` : 'Tudo lido'}</span>
          <Button variant="ghost" size="sm" disabled={unread === 0} onClick={() => action.mutate({ kind: 'read-all' })}>
            Marcar todas como lidas
          </Button>
        </div>
        {data.length === 0 ? (
          <p className={styles.empty}>Nenhuma notificação</p>
        ) : (
          <ul className={styles.list} data-testid="notification-list">
            {data.map((n) => {
              const Icon = ICONS[n.type];
              return (
                <li key={n.id} className={n.read ? styles.item : `${styles.item} ${styles.unread}`}>
                  <div className={styles.head}>
                    <p className={styles.title}>
                      <Icon size={16} aria-hidden="true" /> {n.title}
                    </p>
                    <time className={styles.time} dateTime={n.timestamp}>
                      {formatDateTime(n.timestamp)}
                    </time>
                  </div>
                  <p className={styles.description}>{n.description}</p>
                  <div className={styles.actions}>
                    {n.action ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          if (!n.read) action.mutate({ kind: 'read', id: n.id });
                          setOpen(false);
                          void navigate(n.action!.url);
                        }}
                      >
                        {n.action.label}
                      </Button>
                    ) : null}
                    {!n.read ? (
                      <Button size="sm" variant="ghost" onClick={() => action.mutate({ kind: 'read', id: n.id })} aria-label={`Marcar como lida: ${n.title}`}>
                        Marcar como lida
                      </Button>
                    ) : null}
                    <Button size="sm" variant="ghost" onClick={() => action.mutate({ kind: 'dismiss', id: n.id })} aria-label={`Dispensar: ${n.title}`}>
                      Dispensar
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Sheet>
    </>
  );
}
