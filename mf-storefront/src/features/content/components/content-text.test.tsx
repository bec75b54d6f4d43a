/** Content text rendering (admin.md 3 content is plain text): paragraphs, lines, never HTML. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ContentText, toParagraphs } from './content-text.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('toParagraphs', () => {
  it('splits on blank lines into paragraphs and on single newlines into lines', () => {
    expect(toParagraphs('Primeiro.\n\n1. Prazos\nAté 30 dias.\r\n   \r\nÚltimo.  ')).toEqual([['Primeiro.'], ['1. Prazos', 'Até 30 dias.'], ['Último.']]);
    expect(toParagraphs('\n\n  \n')).toEqual([]);
  });
});

describe('ContentText', () => {
  it('renders one <p> per paragraph and shows markup as text instead of running it', () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<ContentText text={'Olá <img src=x onerror="alert(1)">\n<script>alert(2)</script>\n\nFim'} />));
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.querySelectorAll('br')).toHaveLength(1);
    expect(container.querySelector('img, script')).toBeNull();
    expect(paragraphs[0]!.textContent).toBe('Olá <img src=x onerror="alert(1)"><script>alert(2)</script>');
    expect(paragraphs[1]!.textContent).toBe('Fim');
    act(() => root.unmount());
  });
});
