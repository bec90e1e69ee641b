// `npm run dev`: Vite with hot reload behind the same server, on the same database as `npm start`.
import { ensureInstalled, run } from './ensure-installed.mjs';

ensureInstalled();
run(['scripts/prepare-data.ts'], { NODE_ENV: 'development' });
run(['server/index.ts', '--dev'], { NODE_ENV: 'development' });
