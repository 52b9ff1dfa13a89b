// The routing primitives the host and remotes use, re-exported from one shared singleton. A shared
// module is bundled whole: sharing react-router-dom itself would ship all of it (66 KB gzip), and
// its data-router half alone is 17 KB more than these declarative parts (16 KB). Apps import
// routing only from here (enforced by lint).
export type { NavigateFunction, NavigateOptions, To } from 'react-router-dom';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
