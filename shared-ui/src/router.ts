/**
 * `@prata/shared-ui/router`: the router every remote and the shared components use, one instance
 * for the whole page (a federation singleton the shell provides), so that a remote's `<Link>`
 * drives the shell's router (only what must be one instance is a
 * federation singleton).
 *
 * It re-exports the part of react-router the store uses, and nothing else: the shell's build
 * tree-shakes react-router down to these (a shared library is otherwise kept whole, ~61 KiB gzip
 * of react-router 7, its data routers and server helpers included, for ~14 KiB used). Apps import
 * the router from here, never from `react-router-dom` (lint enforces it); the shell's own entry
 * points add `BrowserRouter` (browser) and `StaticRouter` (server) from react-router directly, the
 * same module in the shell's build. A remote needing another export adds it here.
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchRoutes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type LinkProps,
  type NavLinkProps,
  type NavigateFunction,
  type RouteObject,
} from 'react-router-dom';
