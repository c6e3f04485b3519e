// Loaded when a reader first picks Arabic or Urdu: English pages never carry the loader.
export { loadCatalogue } from '@jibs/i18n';
