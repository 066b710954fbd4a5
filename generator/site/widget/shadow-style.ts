// A widget's style in its shadow root under a strict Content-Security-Policy:
// a constructed style sheet adopted by the root (no style attribute, no
// <style> needed), made once per style and shared by every element of the page.
const sheets = new Map<string, CSSStyleSheet>();

export function adoptStyle(root: ShadowRoot, css: string): void {
  try {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    // Added beside the root's others: the embedded calculator's years part adds its own (widget/years.ts).
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    // A browser without constructed style sheets: a <style> element (a strict CSP may refuse it; the content stays usable).
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
  }
}
