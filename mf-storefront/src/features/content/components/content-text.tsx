/**
 * Renders an editable content section's plain text safely (admin.md 3 content is text, never
 * HTML): a blank line starts a new paragraph, a single newline a new line. React escapes every
 * string, so markup in the content shows as text and nothing is ever injected.
 */
import styles from './content.module.css';

/** Splits plain text into paragraphs of lines; blank paragraphs are dropped. */
export function toParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0);
}

export function ContentText({ text }: { text: string }) {
  return (
    <div className={styles.text}>
      {toParagraphs(text).map((lines, index) => (
        <p key={index}>
          {lines.map((line, lineIndex) => (
            <span key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
