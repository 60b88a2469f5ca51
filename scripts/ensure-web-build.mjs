// `npm start` serves the built web app; build it once when it is missing (a fresh clone).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('apps/web/dist/index.html')) {
  console.log('Building the web app (first start)…');
  execSync('npm run build -w apps/web', { stdio: 'inherit' });
}
