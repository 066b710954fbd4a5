// WhatsApp's documented share address (wa.me/?text=): the page's and the
// widget's "Share on WhatsApp" link. No script of WhatsApp's, nothing loaded
// from it. Its own module with no imports, so the widget's bundle stays small.

/** The link that opens WhatsApp with `text` (a text answer, docs/API.md §10) ready to send. */
export const whatsAppHref = (text: string) => `https://wa.me/?text=${encodeURIComponent(text.trimEnd())}`;
