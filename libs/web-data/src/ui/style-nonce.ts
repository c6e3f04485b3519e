/**
 * The nonce this page's CSP allows `<style>` elements with: the gateway writes a fresh one into
 * each index.html it sends, on the `csp-nonce` meta Vite's `html.cspNonce` adds (the browser
 * hides the attribute's value; the `nonce` property keeps it). Called once at start-up:
 * besides returning it for MantineProvider's `getStyleNonce`, it gives it to react-remove-scroll
 * (the scroll lock of Mantine's modals and drawers), whose `<style>` takes its nonce from the
 * `__webpack_nonce__` global (get-nonce). Empty when the page has none (Vite's dev server).
 */
export function installStyleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce ?? '';
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  return nonce;
}
