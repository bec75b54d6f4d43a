/** The time left to pay a PIX code ('Tempo restante: 29:41'), ticking every second; 'Código PIX expirado' at zero. */
import { useEffect, useState } from 'react';
import { countdownText } from '../utils/order-texts.ts';
import styles from './orders.module.css';

export function PixCountdown({ expiresAt }: { expiresAt: string }) {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = deadline - now;
  if (left <= 0) return <p className={styles.countdown} data-testid="pix-countdown">Código PIX expirado</p>;
  return (
    <p className={styles.countdown} data-testid="pix-countdown">
      Tempo restante: <strong role="timer" aria-live="off">{countdownText(left)}</strong>
    </p>
  );
}
