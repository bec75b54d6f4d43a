/**
 * The login screen of the admin and developer panels (admin.md 2, 8): a centred card with the
 * area's icon, title and lead, the sign-in form and, under a rule, the buttons that leave it
 * ('Voltar à Loja', ...). The region is named by the title. Each panel brings its own texts, form
 * and links.
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import { PanelScreen } from './panel-layout.tsx';
import styles from './panel-login-screen.module.css';

export interface PanelLoginScreenProps {
  /** Id of the title, which names the screen's region (e.g. 'admin-login-title'). */
  titleId: string;
  /** The card's heading, e.g. 'Painel Administrativo'. */
  title: string;
  /** The line under the title. */
  lead: string;
  icon: LucideIcon;
  /** The card's body: the sign-in form, and any note before it. */
  children: ReactNode;
  /** The buttons under the form. */
  links: ReactNode;
  /** Rendered after the card, inside the region (e.g. a dialog). */
  after?: ReactNode;
}

/** A panel's login screen: the card with header, form and links, on the bare panel screen. */
export function PanelLoginScreen({ titleId, title, lead, icon: Icon, children, links, after }: PanelLoginScreenProps) {
  return (
    <PanelScreen>
      <section className={styles.screen} aria-labelledby={titleId}>
        <Card padding="lg" className={styles.card}>
          <div className={styles.header}>
            <Icon size={40} className={styles.icon} aria-hidden="true" />
            <h1 id={titleId}>{title}</h1>
            <p>{lead}</p>
          </div>
          {children}
          <div className={styles.links}>{links}</div>
        </Card>
        {after}
      </section>
    </PanelScreen>
  );
}
