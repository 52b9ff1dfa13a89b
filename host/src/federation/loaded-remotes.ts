import type { ExposedModule, RemoteName } from '@atrium/federation';
import { type ComponentType, createContext } from 'react';

/** Remote modules loaded before rendering, by `remote/Module`. */
export type LoadedRemoteModules = ReadonlyMap<string, ComponentType<never>>;

/**
 * The modules of the page being rendered that were loaded before the render began: on the server
 * (so the page's HTML holds the remote's content) and in the browser before hydrating that HTML (so
 * the first render matches it). Anything else loads lazily behind a loading state.
 */
export const LoadedRemotes = createContext<LoadedRemoteModules>(new Map());

export const loadedRemoteKey = (remote: RemoteName, module: ExposedModule) => `${remote}/${module}`;
