/**
 * 'Relatar um problema' in the shell: a click on a link to `#relatar-problema` (the footer's, markup
 * that may never hydrate) opens the dialog, and so does a remote's fallback button
 * (`openReportProblem`, remote-error-boundary.test.tsx); the dialog's code loads only then.
 */
import { act } from 'react';
import { afterEach, expect, it } from 'vitest';
import { openReportProblem } from '@prata/shared-ui/state';
import { render, type Rendered } from '@prata/shared-ui/testing';
import { ReportProblemHost } from './report-problem-host.tsx';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.replaceChildren();
});

const dialog = () => document.querySelector('[role="dialog"]');
async function settle(ready: () => unknown) {
  for (let waited = 0; waited < 3000 && !ready(); waited += 20) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

it('opens from a plain link to #relatar-problema, as the server-rendered footer has it', async () => {
  const footer = document.createElement('footer');
  footer.innerHTML = '<a href="#relatar-problema">Relatar um problema</a>';
  document.body.append(footer);
  rendered = render(<ReportProblemHost />);
  expect(dialog()).toBeNull();
  act(() => footer.querySelector('a')!.click());
  await settle(dialog);
  expect(dialog()?.textContent).toContain('Relatar um problema');
  expect(dialog()?.textContent).toContain('O que aconteceu?');
});

it("opens when a remote's fallback asks (openReportProblem)", async () => {
  rendered = render(<ReportProblemHost />);
  act(() => openReportProblem('checkout'));
  await settle(dialog);
  expect(dialog()).not.toBeNull();
});
