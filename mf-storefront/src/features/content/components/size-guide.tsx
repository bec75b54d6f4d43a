/**
 * 'Guia de tamanhos': a disclosure on the product page of a ring (an 'Aro' option)
 * that shows the store's size guide, the editable content section `size_guide` ('Como medir seu
 * aro em casa' and the aro table in mm), fetched the first time it opens. A native `<details>`:
 * keyboard-accessible, no dialog code on the page. The text keeps its line breaks; its class
 * comes from the page (`textClassName`), so the guide adds no CSS of its own.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getContentSectionQueryOptions } from '../api/get-content-section.ts';

export function SizeGuide({ textClassName }: { textClassName?: string }) {
  const [opened, setOpened] = useState(false);
  const { data, isError } = useQuery({ ...getContentSectionQueryOptions('size_guide'), enabled: opened });
  return (
    <details data-testid="size-guide" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>Guia de tamanhos</summary>
      <p className={textClassName}>{data ? data.content : isError ? 'Não foi possível carregar o guia de tamanhos.' : 'Carregando...'}</p>
    </details>
  );
}
