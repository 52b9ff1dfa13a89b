import { parseRuntimeConfig, type RuntimeConfig } from '@atrium/federation';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { StartupError } from './chrome/startup-error';
import { registerDefaultRemotes } from './federation/remote-registry';

async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}.`);
  return parseRuntimeConfig(await response.json());
}

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  loadRuntimeConfig().then(
    (config) => {
      registerDefaultRemotes(config.remotes);
      root.render(<App config={config} />);
    },
    (error: unknown) => {
      console.error(error);
      root.render(<StartupError />);
    },
  );
}
