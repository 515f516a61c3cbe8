import '@/components/ui/styles.css';
import { paintCachedBalance } from './first-paint';

const root = document.getElementById('root')!;
void paintCachedBalance(root);
// React and the rest load meanwhile, in their own chunks.
void import('./mount').then(({ mount }) => mount(root));
