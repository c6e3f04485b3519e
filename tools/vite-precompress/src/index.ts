export { precompress } from './precompress-plugin';
