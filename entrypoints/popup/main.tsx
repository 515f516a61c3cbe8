import '@/components/popup/styles.css';
import { paintCachedBalance } from './first-paint';

const root = document.getElementById('root')!;
// React and the rest load once the cached balance is in the page: evaluating their chunks first would hold it up.
void paintCachedBalance(root)
  .catch(() => undefined)
  .then(() => import('./mount'))
  .then(({ mount }) => mount(root));
