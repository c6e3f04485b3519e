/**
 * Where a page's markup carries its response's CSP nonce: the gateway writes each response's in
 * its place (index.html's tags, by Vite's `html.cspNonce`; a prerendered page's <style>s).
 */
export const CSP_NONCE_PLACEHOLDER = 'JIBS_CSP_NONCE';

/**
 * A prerendered public page (apps/web prerender.tsx, served by the gateway's
 * prerendered-pages.ts): its elements carry `data-ps="<n>"` in place of their inline styles,
 * which the page's CSP would refuse as attributes, and the `<style>` element with this id holds
 * them as rules (`[data-ps="<n>"]{…}`) until the page's JS makes them the elements' own.
 */
export const PRERENDERED_STYLES_ID = 'jibs-prerendered-styles';
export const PRERENDERED_STYLE_ATTRIBUTE = 'data-ps';
