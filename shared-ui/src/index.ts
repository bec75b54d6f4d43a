/**
 * @prata/shared-ui: the design system and cross-remote client state of Prata 925.
 * Shared as a Module Federation singleton: one copy, loaded by the shell, used by every remote.
 */
export { Button, buttonClassName, type ButtonProps } from './components/button.tsx';
export { Badge } from './components/badge.tsx';
export { Stars } from './components/stars.tsx';
export { Price } from './components/price.tsx';
export { Spinner, Skeleton, EmptyState } from './components/feedback.tsx';
export { NotFoundPage, ErrorScreen, type ErrorScreenProps } from './components/pages.tsx';
export { PageErrorBoundary } from './components/page-error-boundary.tsx';
export { Toaster, toast, TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from './components/toaster.tsx';
export { Dialog, type DialogProps } from './components/dialog.tsx';
export { Field, PasswordInput, inputClassName, type FieldProps, type FieldControlProps, type PasswordInputProps } from './components/form.tsx';
export { formatBRL, formatDateTime } from './lib/format.ts';
export { apiRequest, ApiRequestError, type RequestOptions } from './lib/api-client.ts';
export { apiUrl, getRuntimeConfig, setRuntimeConfig, loadRuntimeConfig } from './lib/runtime-config.ts';
export { productImageUrl, fallbackImageUrl } from './lib/images.ts';
export { useCartStore, selectCartCount, normaliseQuantity, CART_STORAGE_KEY, type CartItem, type CartState } from './state/cart-store.ts';
export { useFavouritesStore, FAVOURITES_STORAGE_KEY, type FavouriteItem, type FavouritesState } from './state/favourites-store.ts';
export { useSessionStore, type SessionUser, type SessionState } from './state/session-store.ts';
export { applySession, refreshSession, restoreSession, signIn, signInWithCode, signOut } from './lib/session.ts';
export { NAVIGATION_DELAY_MS, BACK_DELAY_MS, PAGE_TRANSITION_MS } from './lib/timing.ts';
export { useNavigationTransitionStore, type NavigationTransitionState } from './state/navigation-transition-store.ts';
export { useTransitionNavigate, TransitionLink, TransitionNavLink, NavigationTransition } from './components/navigation-transition.tsx';
