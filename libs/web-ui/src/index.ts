// The browser clients' shared UI pieces: layout (loaders, definition lists, the tab's title,
// the outline icon frame), form helpers (focus after a refused submit or a new
// step), error display and the janazah notice form. Used by the member site (apps/web) and the admin console (apps/admin).
// the outline icon frame), a case's timeline and checklist, form helpers (focus after a refused submit or a new
// step) and error display. Used by the member site (apps/web) and the admin console (apps/admin).
export * from './feedback/error-alert';
export * from './feedback/form-alerts';
export * from './forms/use-focus-first-invalid';
export * from './forms/use-focus-on-change';
export * from './layout/detail-list';
export * from './layout/outline-svg';
export * from './layout/page-loader';
export * from './layout/page-loading';
export * from './layout/use-document-title';
export * from './janazah/janazah-notice-form';
export * from './janazah/janazah-notice-controls';
export * from './janazah/use-janazah-moment';
export * from './cases/use-assessment-words';
export * from './cases/use-case-value';
export * from './cases/case-checklist';
export * from './cases/case-timeline';
export * from './language/language-switcher';
export * from './language/hijri-toggle';
