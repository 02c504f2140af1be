// Builds every edition's content bundle, validates it, and writes dist/bundles/{region}.json
// plus dist/bundles/kv.json (the bulk file for `wrangler kv bulk put`); and writes the static
// assets' dist/client/_headers from the worker's header policy (HSTS with DEPLOY_HTTPS=1).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGIONS } from '../../content/editions';
import { BundleError, buildBundle } from '../../worker/bundle/build';
import { bundleKey } from '../../worker/bundle/store';
import { staticHeaders } from '../../worker/render/security';

const dir = join(import.meta.dirname, '../..', 'dist', 'bundles');
mkdirSync(dir, { recursive: true });
const bulk: { key: string; value: string }[] = [];
try {
  for (const region of REGIONS) {
    const bundle = buildBundle(region);
    const json = JSON.stringify(bundle);
    writeFileSync(join(dir, `${region}.json`), json);
    bulk.push({ key: bundleKey(region), value: json });
  }
} catch (error) {
  if (error instanceof BundleError) {
    console.error(`build failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
// The schedule is not seeded: the KV document is ops' override of the bundled defaults.
writeFileSync(join(dir, 'kv.json'), JSON.stringify(bulk));

writeFileSync(join(dir, '..', 'client', '_headers'), staticHeaders({ https: process.env.DEPLOY_HTTPS === '1' }));
