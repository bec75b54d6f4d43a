/** Pages of the storefront that later issues fill in (about, contact, auth, policies). */
import styles from './routes.module.css';

export function PlaceholderRoute({ title, text }: { title: string; text: string }) {
  return (
    <section className={`p9-container ${styles.placeholder}`}>
      <h1 className={styles.pageTitle}>{title}</h1>
      <p>{text}</p>
    </section>
  );
}
