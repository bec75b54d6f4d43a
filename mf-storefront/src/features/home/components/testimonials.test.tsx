/** The home page's testimonials: buyers' approved reviews once the service has enough, the spec's fixed quotes until then. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTestimonialsQueryOptions } from '../api/get-testimonials.ts';
import { Testimonials } from './testimonials.tsx';

function render(data: { text: string; author: string; rating: number; productName: string }[]): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getTestimonialsQueryOptions().queryKey, data);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Testimonials />
    </QueryClientProvider>,
  );
}

describe('Testimonials', () => {
  it('keeps the fixed quotes while the service has no testimonials', () => {
    expect(render([])).toContain('Mariana S.');
  });

  it("shows buyers' reviews, as text, with the piece reviewed", () => {
    const html = render([
      { text: 'Amei <b>o anel</b>', author: 'Ana L.', rating: 5, productName: 'Anel Lua' },
      { text: 'Perfeito', author: 'Bia C.', rating: 5, productName: 'Colar Sol' },
      { text: 'Lindo', author: 'Carla M.', rating: 5, productName: 'Brinco Gota' },
    ]);
    expect(html).not.toContain('Mariana S.');
    expect(html).toContain('Ana L.');
    expect(html).toContain('Anel Lua');
    expect(html).toContain('Amei &lt;b&gt;o anel&lt;/b&gt;');
  });
});
