/** `/developer/erros/:id`: one error issue and its events, and the shoppers' reports sent from the visits that hit it. */
import { Link, useParams } from '@prata/shared-ui/router';
import { FeedbackList } from '../../features/feedback/components/feedback-list.tsx';
import { IssueDetail } from '../../features/issues/components/issue-detail.tsx';
import styles from './routes.module.css';

export function IssueRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <header>
        <p className={styles.lead}>
          <Link to="/developer/erros">← Todos os erros</Link>
        </p>
        <h1 className={styles.title}>Detalhes do erro</h1>
      </header>
      <IssueDetail id={id} />
      <FeedbackList issueId={id} />
    </>
  );
}
