/** `/developer/relatos`: the shoppers' reports ('Relatar um problema'), newest first. */
import { FeedbackList } from '../../features/feedback/components/feedback-list.tsx';
import styles from './routes.module.css';

export function FeedbackRoute() {
  return (
    <>
      <header>
        <h1 className={styles.title}>Relatos dos clientes</h1>
      </header>
      <FeedbackList />
    </>
  );
}
