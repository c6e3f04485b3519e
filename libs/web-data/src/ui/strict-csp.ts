/**
 * Makes the client live with the gateway's CSP (no inline style without the page's nonce, no
 * eval); called once at start-up by each client's root, before anything loads zod.
 * - The nonce: the gateway writes a fresh one into each index.html it sends, on the `csp-nonce`
 *   meta Vite's `html.cspNonce` adds (the browser hides the attribute's value; the `nonce`
 *   property keeps it). Returned for MantineProvider's `getStyleNonce`, and given to
 *   react-remove-scroll (the scroll lock of Mantine's modals and drawers), whose `<style>` takes
 *   its nonce from the `__webpack_nonce__` global (get-nonce). Empty without one (Vite's dev
 *   server, which sends no CSP).
 * - zod, which both clients load later, probes `new Function` to compile faster parsers; the CSP
 *   refuses it and Chromium reports a violation even though zod catches the error. zod's global
 *   `jitless` setting, read when zod first loads, skips the probe.
 */
export function adoptStrictCsp(): { styleNonce: string } {
  const global = globalThis as {
    __webpack_nonce__?: string;
    __zod_globalConfig?: { jitless?: boolean };
  };
  (global.__zod_globalConfig ??= {}).jitless = true;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const styleNonce = meta?.nonce ?? '';
  if (styleNonce) global.__webpack_nonce__ = styleNonce;
  return { styleNonce };
}
