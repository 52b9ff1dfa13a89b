// `pnpm rollback <remote> [--marketplace <id>]`: the scope goes back to what it had before its last promotion.
import { parseRollbackArgs } from './args';
import { runCli } from './cli-error';
import { formatRollout, scopeOf } from './format';
import { operatorApiFromEnv, rollbackRemote } from './operator-api';

runCli(async () => {
  const { remote, marketplaceId } = parseRollbackArgs(process.argv.slice(2));
  const rollout = await rollbackRemote(operatorApiFromEnv(), remote, marketplaceId);
  console.log(
    rollout
      ? `Rolled back ${remote} for ${scopeOf({ marketplaceId })}. Clients get it on their next page load.\n${formatRollout(rollout)}`
      : `Rolled back ${remote} for ${scopeOf({ marketplaceId })}: no rollout is left, ${
          marketplaceId === null ? 'the host’s config.json entry applies' : 'the default rollout applies'
        }.`,
  );
});
