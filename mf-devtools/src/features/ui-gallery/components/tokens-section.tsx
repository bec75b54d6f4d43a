/**
 * The gallery's design tokens: colours, the type scale (Playfair Display / Inter),
 * spacing, radii, shadows and motion durations, as the CSS custom properties define them.
 */
import { GallerySection, Specimen } from './gallery-section.tsx';
import styles from './gallery.module.css';

const COLOURS = [
  'bg',
  'surface',
  'surface-muted',
  'text',
  'muted',
  'border',
  'border-strong',
  'silver-100',
  'silver-300',
  'silver-600',
  'silver-900',
  'accent',
  'accent-hover',
  'accent-soft',
  'danger',
  'danger-bg',
  'success',
  'success-bg',
  'warning',
  'warning-bg',
  'info',
  'info-bg',
] as const;

const TYPE_SCALE = ['display', '4xl', '3xl', '2xl', 'xl', 'lg', 'base', 'sm', 'xs'] as const;
const SPACES = [1, 2, 3, 4, 6, 8, 12, 16] as const;
const RADII = ['radius-sm', 'radius', 'radius-lg', 'radius-pill'] as const;
const SHADOWS = ['shadow-sm', 'shadow', 'shadow-lg'] as const;
const MOTION = [
  ['duration-fast', '150ms'],
  ['duration-base', '200ms'],
  ['duration-slow', '300ms'],
  ['duration-back', '150ms'],
  ['duration-navigation', '400ms'],
  ['duration-page-transition', '1200ms'],
] as const;


/** The 'Tokens' section: colours, type scale, spacing, radii and shadows, motion durations. */
export function Tokens() {
  return (
    <GallerySection id="tokens" title="Tokens">
      <Specimen label="Cores" wide>
        <ul className={styles.swatches}>
          {COLOURS.map((name) => (
            <li key={name} className={styles.swatch}>
              <span className={styles.swatchColor} style={{ background: `var(--p9-color-${name})` }} />
              <code>--p9-color-{name}</code>
            </li>
          ))}
        </ul>
      </Specimen>
      <Specimen label="Tipografia (Playfair Display / Inter)" wide>
        <div className={styles.typeScale}>
          {TYPE_SCALE.map((step) => (
            <p key={step} style={{ fontSize: `var(--p9-text-${step})`, fontFamily: ['display', '4xl', '3xl', '2xl'].includes(step) ? 'var(--p9-font-display)' : undefined }}>
              {step} · Joias em prata 925
            </p>
          ))}
        </div>
      </Specimen>
      <Specimen label="Espaçamento">
        <ul className={styles.scaleRow}>
          {SPACES.map((step) => (
            <li key={step}>
              <span className={styles.spaceBox} style={{ width: `var(--p9-space-${step})`, height: `var(--p9-space-${step})` }} />
              {step}
            </li>
          ))}
        </ul>
      </Specimen>
      <Specimen label="Raios e sombras">
        <ul className={styles.scaleRow}>
          {RADII.map((name) => (
            <li key={name}>
              <span className={styles.radiusBox} style={{ borderRadius: `var(--p9-${name})` }} />
              {name}
            </li>
          ))}
          {SHADOWS.map((name) => (
            <li key={name}>
              <span className={styles.shadowBox} style={{ boxShadow: `var(--p9-${name})` }} />
              {name}
            </li>
          ))}
        </ul>
      </Specimen>
      <Specimen label="Movimento">
        <ul className={styles.motion}>
          {MOTION.map(([name, value]) => (
            <li key={name}>
              <code>--p9-{name}</code>: {value}
            </li>
          ))}
        </ul>
      </Specimen>
    </GallerySection>
  );
}
