/**
 * `@prata/shared-ui/state`: the client state every part of the page must share one instance of
 * (nothing else is a singleton): the session (store and
 * token refresh), the cart (and its sync with a signed-in shopper's server cart), the
 * favourites, the cookie consent, the navigation transition, the runtime configuration and the API client that
 * reads it, the realtime client, error reporting, the toaster and the remote widget loader. A
 * federation singleton the shell provides.
 *
 * The rest of shared-ui (components, formatting, the RemoteModule contract) is state-free: each app
 * bundles the parts it uses (`@prata/shared-ui`), which does not re-export this entry. Code outside this
 * folder imports it as `@prata/shared-ui/state`, never by relative path (a relative import would
 * bundle a private copy of the state; lint enforces it).
 */
export { Toaster, toast, TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from './toaster.tsx';
export { apiRequest, ApiRequestError, type RequestOptions } from './api-client.ts';
export { apiUrl, getRuntimeConfig, setRuntimeConfig, loadRuntimeConfig } from './runtime-config.ts';
export { useCartStore, cartLineKey, selectCartCount, normaliseQuantity, CART_STORAGE_KEY, type CartEngraving, type CartItem, type CartState } from './cart-store.ts';
export { useFavouritesStore, FAVOURITES_STORAGE_KEY, type FavouriteItem, type FavouritesState } from './favourites-store.ts';
export { useSessionStore, type SessionUser, type SessionState } from './session-store.ts';
export { restoreStoredState, storedStateRestored } from './stored-state.ts';
export { startCartSync, addLinesToCart, cartItemOf, CART_SAVE_DELAY_MS } from './cart-sync.ts';
export { applySession, confirmTotpEnrolment, refreshSession, restoreSession, signIn, signInWithCode, signOut, startTotpEnrolment } from './session.ts';
export { NAVIGATION_DELAY_MS, BACK_DELAY_MS, PAGE_TRANSITION_MS } from './timing.ts';
export { useNavigationTransitionStore, type NavigationTransitionState } from './navigation-transition-store.ts';
export { useTransitionNavigate, TransitionLink, TransitionNavLink, NavigationTransition } from './navigation-transition.tsx';
export { RemoteWidget, provideRemoteWidgetLoader, type RemoteWidgetComponent, type RemoteWidgetProps } from './remote-widget.tsx';
export {
  RealtimeClient,
  getRealtimeClient,
  useRealtimeChannel,
  useRealtimeStatus,
  useRealtimeInvalidate,
  type RealtimeStatus,
  type ChannelListener,
  type SocketLike,
  type RealtimeClientOptions,
} from './realtime.ts';
export {
  configureErrorReporting,
  installGlobalErrorReporting,
  reportError,
  reportBoundaryError,
  remoteOfStack,
  remoteVersion,
  remoteManifestUrl,
  remoteIsBootstrap,
  errorSessionId,
} from './error-reporting.ts';
export { addBreadcrumb, breadcrumbs, installBreadcrumbs } from './breadcrumbs.ts';
export { installWebVitals, type VitalsContext } from './web-vitals.ts';
export { installSessionReplay, isRecording, REPLAY_UNMASK_ATTRIBUTE } from './session-replay.ts';
export { openReportProblem, REPORT_PROBLEM_EVENT, REPORT_PROBLEM_HASH } from './report-problem.ts';
export { useConsentStore, hasConsent, type ConsentStoreState } from './consent-store.ts';
export { trackEvent, setAnalyticsSink, MAX_PENDING, type AnalyticsSink, type TrackedEvent } from './analytics.ts';
