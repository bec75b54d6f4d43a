/** `/developer/ui`: the shared-ui component gallery, public: outside the developer guard. */
import { ComponentGallery } from '../../features/ui-gallery/components/component-gallery.tsx';

export function UiGalleryRoute() {
  return <ComponentGallery />;
}
