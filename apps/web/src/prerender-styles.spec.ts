import { styleAttributesToRules } from './prerender-styles';

describe("a prerendered page's inline styles as rules", () => {
  it('gives each element the rule of its style, one rule per distinct style', () => {
    const { markup, css } = styleAttributesToRules(
      '<div style="--gap:1rem;padding:0" class="a"><p style="--gap:1rem;padding:0">x</p>' +
        '<span style="color:red">y</span></div>',
    );
    expect(markup).toBe(
      '<div data-ps="0" class="a"><p data-ps="0">x</p><span data-ps="1">y</span></div>',
    );
    expect(css).toBe('[data-ps="0"]{--gap:1rem;padding:0}\n[data-ps="1"]{color:red}');
  });

  it("reads React's escapes back into the CSS they stand for", () => {
    const { css } = styleAttributesToRules(
      '<i style="font-family:&quot;Noto Naskh&quot;, &#x27;Amiri&#x27;;--a:&amp;"></i>',
    );
    expect(css).toBe(`[data-ps="0"]{font-family:"Noto Naskh", 'Amiri';--a:&}`);
  });

  it('leaves text that only looks like an attribute alone (React escapes its quotes)', () => {
    const text = '<p>write style=&quot;x&quot; here</p>';
    expect(styleAttributesToRules(text)).toEqual({ markup: text, css: '' });
  });

  it.each(['color:red}</style><script>', 'x:&lt;/style&gt;', 'a{b'])(
    'refuses a style that could leave its rule or element: %p',
    (style) => {
      expect(() => styleAttributesToRules(`<b style="${style}"></b>`)).toThrow(
        /cannot become a rule/,
      );
    },
  );
});
