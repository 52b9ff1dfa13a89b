// `pnpm marketplace create --name … --group … --at-home yes|no --time-zone … --owner-email …`: the
// operator creates a marketplace through the API (operator key); its owner is mailed the console link.
import { runCli } from '../release/cli-error';
import { parseMarketplaceArgs } from './args';
import { createdMessage, createMarketplace, marketplaceApiFromEnv } from './operator';

runCli(async () => {
  const input = parseMarketplaceArgs(process.argv.slice(2));
  console.log(createdMessage(await createMarketplace(marketplaceApiFromEnv(), input)));
});
