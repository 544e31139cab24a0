// `npm run dev`: the API with reload (tsx watch) on :3000 and the Vite dev server on :5173 proxying to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@ledgerdesk/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@ledgerdesk/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
