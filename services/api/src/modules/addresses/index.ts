/**
 * The addresses module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { SavedAddress, SavedAddressSchema } from './saved-address.entity.ts';
export { savedAddressesOf, toSavedAddressDto } from './addresses.service.ts';
