// Mantine's Tooltip (with floating-ui), as a module of its own for deferred-tooltip.tsx.
export { Tooltip as default } from '@mantine/core';
