/** `/developer/ui`: the shared-ui component gallery (issue 6), public: outside the developer guard. */
import { ComponentGallery } from '../../features/ui-gallery/components/component-gallery.tsx';

export function UiGalleryRoute() {
  return <ComponentGallery />;
}
