/**
 * 'Guia de tamanhos' (issue 22): a disclosure on the product page of a ring (an 'Aro' option)
 * that shows the store's size guide, the editable content section `size_guide` ('Como medir seu
 * aro em casa' and the aro table in mm), fetched the first time it opens. A native `<details>`:
 * keyboard-accessible, no dialog code on the page.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getContentSectionQueryOptions } from '../api/get-content-section.ts';
import { ContentText } from './content-text.tsx';

export function SizeGuide() {
  const [opened, setOpened] = useState(false);
  const { data, isError } = useQuery({ ...getContentSectionQueryOptions('size_guide'), enabled: opened });
  return (
    <details data-testid="size-guide" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>Guia de tamanhos</summary>
      {data ? <ContentText text={data.content} /> : isError ? <p>Não foi possível carregar o guia de tamanhos.</p> : <p role="status">Carregando...</p>}
    </details>
  );
}
