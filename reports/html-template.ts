// HTML that escapes by default: the markup`…` tag escapes every value it interpolates, unless the value is markup the
// tag built itself (or one of the few trusted pieces made by rawHtml), so text from the implementation under test can
// only ever become text. Values are escaped for element content and double-quoted attribute values alike. (The tag is
// not called html: Prettier would reformat html`…` templates as HTML and so change the page's white space.)

/** Markup built by markup`…`: interpolated as it is. */
export class Html {
  constructor(private readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/** What markup`…` accepts: markup, text and numbers (escaped), nothing (false, null, undefined), or lists of these. */
export type Interpolation = Html | string | number | false | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Control characters other than tab and line breaks are shown as their Unicode control pictures (␀, ␛, …). */
function visibleControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
}

/** Half of a surrogate pair without the other half: not encodable in UTF-8, written as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return visibleControls(String(value))
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: Interpolation): string {
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(render).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(value);
}

/** Markup from a template: the literal parts as written, every interpolated value through escapeHtml unless it is Html. */
export function markup(literals: TemplateStringsArray, ...values: Interpolation[]): Html {
  let text = literals[0]!;
  values.forEach((value, index) => {
    text += render(value) + literals[index + 1]!;
  });
  return new Html(text);
}

/** Trusted text as markup, unescaped: the page's own assets and JSON made safe for a data block; never text from the target. */
export function rawHtml(markup: string): Html {
  return new Html(markup);
}

/**
 * JSON for an inline <script type="application/json"> data block: parses to the same value, cannot end the
 * <script> or open a comment, and carries no raw control character (JSON.stringify already escapes C0; DEL, C1
 * and the line and paragraph separators are escaped here).
 */
export function scriptJson(value: unknown): Html {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return rawHtml(json);
}
