import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

const compressible = /\.(js|css|html|json|svg|map)$/;
// Below this, a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

/**
 * Writes a `.br` and a `.gz` beside every text asset of the browser build, at the highest settings
 * (done once per build, not per request), so that whatever serves the files only picks the variant
 * the browser accepts. A copy that is not smaller is not kept.
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'atrium:precompress',
    setup(api) {
      api.processAssets(
        { stage: 'optimize-transfer', environments: ['web'] },
        ({ assets, compilation, sources }) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!compressible.test(name)) continue;
            const source = asset.buffer();
            if (source.length < MIN_BYTES) continue;
            const brotli = brotliCompressSync(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
            if (brotli.length < source.length)
              compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            if (gzip.length < source.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzip));
          }
        },
      );
    },
  };
}
