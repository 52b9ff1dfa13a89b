import { controlUrl, type Deployment } from './ports';

async function control(
  action: 'stop' | 'start' | 'redeploy' | 'configure',
  deployment: Deployment,
  body?: string,
) {
  const response = await fetch(`${controlUrl}/${action}/${deployment}`, { method: 'POST', body });
  if (!response.ok) throw new Error(`control ${action} ${deployment}: ${await response.text()}`);
}

/** Takes a deployment off the network (connections refused) until `startDeployment`. */
export const stopDeployment = (deployment: Deployment) => control('stop', deployment);
export const startDeployment = (deployment: Deployment) => control('start', deployment);
/** Replaces a deployment's files with the build in `buildDir`, as a CI deploy would. */
export const redeploy = (deployment: Deployment, buildDir: string) =>
  control('redeploy', deployment, buildDir);
/**
 * Changes the host's config.json (its server reads it on every page) to the defaults with `patch`
 * over them, as a redeploy of the host's configuration would; `{}` puts the defaults back.
 */
export const configureHost = (patch: Record<string, unknown>) =>
  control('configure', 'host', JSON.stringify(patch));
