// What the shell and the remotes share as `react-router-dom` (rspack-common.js, sharedSingletons).
//
// A shared module is bundled whole, since any remote may use any export: react-router v7 whole is
// 190 KB (data routers, server rendering, cookies), 52 KB of brotli on every first visit. The
// frontends use a handful of names, so the singleton is this list, and react-router is tree-shaken
// to what it needs. One copy of the router's contexts for host and remotes, as before.
//
// Need another export? Add it here: frontends/shell/src/router-exports.test.ts fails the build's
// tests when a frontend imports a name this list lacks, or imports 'react-router' directly.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
