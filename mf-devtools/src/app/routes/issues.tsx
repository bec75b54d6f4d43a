/** `/developer/erros`: the grouped error list of every remote. */
import { IssueList } from '../../features/issues/components/issue-list.tsx';
import styles from './routes.module.css';

export function IssuesRoute() {
  return (
    <>
      <header>
        <h1 className={styles.title}>Erros</h1>
        <p className={styles.lead}>Erros agrupados por causa, com versões, usuários afetados e o caminho até eles.</p>
      </header>
      <IssueList />
    </>
  );
}
