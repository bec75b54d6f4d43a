/**
 * The component gallery: every shared-ui component in each of its states, on one page
 * that the visual tests photograph and the accessibility tests scan. It renders only shared-ui
 * components (with fixed sample data), so a change in the design system shows up here first.
 * Each section is its own file: tokens-section, controls-sections (buttons, forms),
 * display-sections (display, navigation), feedback-sections (overlays, states).
 */
import { Buttons, Forms } from './controls-sections.tsx';
import { Display, Navigation } from './display-sections.tsx';
import { Overlays, States } from './feedback-sections.tsx';
import { Tokens } from './tokens-section.tsx';
import styles from './gallery.module.css';

const SECTIONS = [
  ['tokens', 'Tokens'],
  ['botoes', 'Botões'],
  ['formularios', 'Formulários'],
  ['exibicao', 'Exibição'],
  ['navegacao', 'Navegação'],
  ['sobreposicoes', 'Diálogos, gavetas e avisos'],
  ['estados', 'Carregamento, vazio e erro'],
] as const;

/** The gallery page: its table of contents and every section. */
export function ComponentGallery() {
  return (
    <div className={`p9-container ${styles.page}`} data-testid="component-gallery">
      <header className={styles.intro}>
        <h1>Galeria de componentes</h1>
        <p>Todos os componentes do design system da Prata 925 (shared-ui), em cada estado. Usada pelos testes visuais e de acessibilidade.</p>
        <nav aria-label="Seções da galeria">
          <ul className={styles.toc}>
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Tokens />
      <Buttons />
      <Forms />
      <Display />
      <Navigation />
      <Overlays />
      <States />
    </div>
  );
}
