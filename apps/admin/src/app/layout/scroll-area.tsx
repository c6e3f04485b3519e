// Mantine's ScrollArea (it merges refs with floating-ui), as a module of its own for
// deferred-scroll-area.tsx.
export { ScrollArea as default } from '@mantine/core';
