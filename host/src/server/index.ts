// The async boundary lets Module Federation set up the shared singletons before the server's code runs.
import('./main');
