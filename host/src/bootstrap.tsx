import { parseRuntimeConfig, type RuntimeConfig } from '@atrium/federation';
import { $browserConfig } from '@atrium/stores';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { StartupError } from './chrome/startup-error';
import { providedSharedEntries } from './federation/provided-shared';
import { registerDefaultRemotes } from './federation/remote-registry';

async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}.`);
  return parseRuntimeConfig(await response.json());
}

// Referenced so the bundler keeps the shared entries the host provides for remotes.
void providedSharedEntries;

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  loadRuntimeConfig().then(
    (config) => {
      registerDefaultRemotes(config.remotes);
      $browserConfig.set({
        googleMapsApiKey: config.googleMapsApiKey,
        stripePublishableKey: config.stripePublishableKey,
        marketingAnalytics: config.marketingAnalytics,
      });
      root.render(<App config={config} />);
    },
    (error: unknown) => {
      console.error(error);
      root.render(<StartupError />);
    },
  );
}
