export * from './locales';
export * from './icu';
export * from './english-catalogue';
export * from './translator';
export * from './catalogue';
export * from './completeness';
export * from './dates';
export * from './sources';
