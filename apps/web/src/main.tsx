import { start } from './app/start';

// The page's entry: a chunk of its own, so the first page's chunk (start.tsx and what it imports,
// vite.config.ts) is a chunk the entry imports, as the build's manifest expects.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
start(root);
