// Bundles the server (with the workspace's TypeScript packages inlined) into dist/, and copies the SQL
// migrations beside it. Third-party packages stay in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

const externalizeThirdParty = {
  name: 'externalize-third-party',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ledgerdesk/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: { main: path.join(here, 'src/main.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalizeThirdParty],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log('server built to apps/server/dist');
