import { batch } from 'nanostores';
import { CLIENT_KEPT_VALUES } from './stores';

/**
 * Puts every client-kept value back to its default. Defaults are not written to storage (see
 * jsonCodec), so this also removes their keys. Batched so subscribers see one consistent state.
 */
export function resetClientValues(): void {
  batch(() => {
    for (const { store, initial } of CLIENT_KEPT_VALUES) {
      store.set(initial);
    }
  });
}
