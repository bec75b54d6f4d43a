/**
 * The catalogue module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { Product, ProductSchema } from './product.entity.ts';
export { CatalogueService, type RatingRank, type RatingsLookup } from './catalogue.service.ts';
export { ProductImage, ProductImageSchema } from './product-image.entity.ts';
export { InvalidImageTypeError, ProductImages, uploadError, type IncomingFile } from './product-images.ts';
export { ProductVariant, ProductVariantSchema } from './product-variant.entity.ts';
export type { VariantOrderCheck } from './product-variants.ts';
export { heldVariantUnits } from './stock-holds.ts';
export { VARIANT_NOT_ALLOWED_MESSAGE, VARIANT_REQUIRED_MESSAGE, labelOf, pickVariant, returnUnits, takeVariantUnits, variantsByProduct, type StockLine } from './variant-stock.ts';
export { ProductReservation, ProductReservationSchema } from './reservation.entity.ts';
export { publishIfReplenished, returnToStock, type StockChange } from './stock-replenished.ts';
