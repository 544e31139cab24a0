// `npm run sandbox`: the mail sandbox on its own (PORT, default 3100).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['tsx', 'tools/mail-sandbox/src/cli.ts'], { stdio: 'inherit' });
process.exit(result.status ?? 0);
