/**
 * A product's gallery: the main image and, for more than one image, a row of
 * thumbnails. Each thumbnail is a button named by its image's alt text (`aria-pressed` on the one
 * shown); one tab stop for the row, arrow keys move between thumbnails (Left/Up previous,
 * Right/Down next, wrapping; Home/End first/last) and show the image. The main image is a button:
 * click or Enter opens it larger in a modal dialog ('zoom'), closed by its button, Escape or a
 * click beside the image. The dialog is the browser's own `<dialog>` (`showModal`: focus moved
 * in and trapped, the page behind inert, Escape closes, focus returned): shared-ui's Radix dialog
 * would add about 1 kB of CSS to the storefront's budget, which counts every chunk's CSS.
 *
 * `images` is the product's gallery (`Product.images`, at most 8, the cover first); without any,
 * the fallback image with the product's name. Raster images get WebP renditions (`srcset`).
 */
import { X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ProductGalleryImage } from '@prata/contracts/catalogue';
import { fallbackImageUrl, productImageSrcSet } from '@prata/shared-ui';
import styles from './product-page.module.css';

/** Rendered width of the main image per viewport (one column below 820 px, half the page above). */
export const GALLERY_IMAGE_SIZES = '(min-width: 1240px) 580px, (min-width: 820px) 50vw, 100vw';

/** The index `key` moves to from `index` among `count` thumbnails, or null for other keys. */
export function galleryKeyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function ProductGallery({ images, name }: { images: readonly ProductGalleryImage[]; name: string }) {
  const shown = images.length > 0 ? images : [{ url: fallbackImageUrl(), alt: name }];
  const [index, setIndex] = useState(0);
  const zoom = useRef<HTMLDialogElement>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const current = shown[Math.min(index, shown.length - 1)]!;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = galleryKeyTarget(event.key, index, shown.length);
    if (target === null) return;
    event.preventDefault();
    setIndex(target);
    thumbnails.current[target]?.focus();
  };

  return (
    <section className={styles.gallery} aria-label="Galeria de imagens">
      <button type="button" className={styles.mainImage} onClick={() => zoom.current?.showModal()} aria-label={`Ampliar imagem: ${current.alt}`}>
        <img src={current.url} srcSet={productImageSrcSet(current.url)} sizes={GALLERY_IMAGE_SIZES} alt={current.alt} width={800} height={800} fetchPriority="high" />
      </button>
      {shown.length > 1 ? (
        <div className={styles.thumbnails} role="group" aria-label="Miniaturas" onKeyDown={onKeyDown}>
          {shown.map((image, position) => (
            <button
              key={`${position}-${image.url}`}
              ref={(element) => {
                thumbnails.current[position] = element;
              }}
              type="button"
              className={styles.thumbnail}
              aria-pressed={position === index}
              tabIndex={position === index ? 0 : -1}
              onClick={() => setIndex(position)}
            >
              <img src={image.url} srcSet={productImageSrcSet(image.url)} sizes="80px" alt={image.alt} width={80} height={80} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
      <dialog
        ref={zoom}
        className={styles.zoom}
        aria-label={name}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <button type="button" className={styles.zoomClose} onClick={() => zoom.current?.close()} aria-label="Fechar imagem ampliada">
          <X size={20} aria-hidden="true" />
        </button>
        <img className={styles.zoomImage} src={current.url} srcSet={productImageSrcSet(current.url)} sizes="(min-width: 900px) 860px, 100vw" alt={current.alt} width={1280} height={1280} loading="lazy" />
      </dialog>
    </section>
  );
}
