import { PRERENDERED_STYLE_ATTRIBUTE, PRERENDERED_STYLES_ID } from '@jibs/domain';

const ENTITIES: Readonly<Record<string, string>> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * A prerendered page's `style` attributes (Mantine sets its components' sizes and spacing as
 * inline CSS variables) moved into rules. The gateway's CSP allows no inline style in a page's
 * markup, only `<style>` elements with the response's nonce (React sets styles through the
 * CSSOM, which the CSP does not govern). So each element gets `data-ps="<n>"` instead, and the
 * rules (`[data-ps="<n>"]{…}`) go in the page's head, styling the page before its JS has run;
 * app/start.tsx then turns them back into the elements' own styles before React hydrates them
 * (`adoptPrerenderedStyles`). React escapes `"` in text and attributes alike, so ` style="`
 * can only begin an attribute.
 */
export function styleAttributesToRules(markup: string): { markup: string; css: string } {
  const ids = new Map<string, number>();
  const out = markup.replace(/ style="([^"]*)"/g, (_, value: string) => {
    const css = value.replace(/&(quot|#x27|#39|amp|lt|gt);/g, (entity) => ENTITIES[entity]!);
    if (/[<{}]/.test(css)) throw new Error(`a prerendered style cannot become a rule: ${css}`);
    let id = ids.get(css);
    if (id === undefined) ids.set(css, (id = ids.size));
    return ` ${PRERENDERED_STYLE_ATTRIBUTE}="${id}"`;
  });
  const css = [...ids].map(([rule, id]) => `[${PRERENDERED_STYLE_ATTRIBUTE}="${id}"]{${rule}}`);
  return { markup: out, css: css.join('\n') };
}

/**
 * Gives each prerendered element its style back, as its own (through the CSSOM, which the CSP
 * allows: the page could not carry them as attributes), from the rules the page came with (each
 * rule's selector names its elements), and removes the rules: React hydrates the elements as it
 * rendered them, and a style it later changes or removes is then the element's, with no rule
 * behind it to bring it back.
 */
export function adoptPrerenderedStyles(): void {
  const element = document.getElementById(PRERENDERED_STYLES_ID) as HTMLStyleElement | null;
  for (const rule of Array.from(element?.sheet?.cssRules ?? [])) {
    const { selectorText, style } = rule as CSSStyleRule;
    for (const styled of document.querySelectorAll<HTMLElement>(selectorText)) {
      styled.style.cssText = style.cssText;
      styled.removeAttribute(PRERENDERED_STYLE_ATTRIBUTE);
    }
  }
  element?.remove();
}
