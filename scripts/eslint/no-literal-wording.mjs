/**
 * No sentence for staff is written in code: every user-visible string comes from the catalogs.
 * Reports each JSX text node, each wording attribute and each wording property that holds a
 * literal that reads as wording (letters, and a space or a capital: not a code, path or token).
 * A literal that is not wording (a product name shown as the API spells it) carries
 * `i18n-ignore` and a reason on its line or the line before.
 */

/** Attributes that hold code, not wording. */
const TECHNICAL_ATTRIBUTES = new Set([
  'className',
  'href',
  'src',
  'id',
  'key',
  'htmlFor',
  'type',
  'name',
  'role',
  'autoComplete',
  'inputMode',
  'enterKeyHint',
  'method',
  'target',
  'rel',
  'accept',
  'pattern',
  'lang',
  'dir',
  'form',
  'sizes',
  'viewBox',
  'd',
  'fill',
  'stroke',
  'xmlns',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'aria-live',
  'aria-haspopup',
  'aria-current',
  'aria-sort',
  'aria-hidden',
  'side',
  'align',
  'variant',
  'tone',
  'size',
  'as',
  'mode',
  'value',
  'defaultValue',
  'tabIndex',
  'style',
]);

/** Object properties whose value is wording for staff (a toast, a column header, a menu entry). */
const WORDING_PROPERTIES = new Set([
  'text',
  'title',
  'label',
  'description',
  'heading',
  'placeholder',
  'ariaLabel',
  'emptyText',
  'hint',
  'header',
]);

const LETTER = /\p{L}/u;
const isWording = (s) => LETTER.test(s) && (/\s/.test(s.trim()) || /^\p{Lu}/u.test(s.trim()));

/** A literal, or a choice between literals, that is wording. */
function literalWording(e) {
  if (!e) return false;
  switch (e.type) {
    case 'Literal':
      return typeof e.value === 'string' && isWording(e.value);
    case 'TemplateLiteral':
      return isWording(e.quasis.map((q) => q.value.cooked ?? '').join(' '));
    case 'ConditionalExpression':
      return literalWording(e.consequent) || literalWording(e.alternate);
    case 'LogicalExpression':
    case 'BinaryExpression':
      return literalWording(e.left) || literalWording(e.right);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literalWording(e.expression);
    default:
      return false;
  }
}

const keyName = (key) => (key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : null);
const attributeName = (name) =>
  name.type === 'JSXNamespacedName' ? `${name.namespace.name}:${name.name.name}` : name.name;

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralWording = {
  meta: {
    type: 'problem',
    docs: { description: 'user-visible wording comes from the message catalogs' },
    messages: {
      text: 'Text shown to staff is written in the catalogs (messages/), not here: {{text}}',
      attribute: 'The attribute {{name}} shows wording: take it from the catalogs (messages/)',
      property: 'The property {{name}} holds wording: take it from the catalogs (messages/)',
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    const ignored = (node) => {
      const line = node.loc.start.line;
      return /i18n-ignore/.test(source.lines[line - 1] ?? '') || /i18n-ignore/.test(source.lines[line - 2] ?? '');
    };
    const report = (node, messageId, data) => {
      if (!ignored(node)) context.report({ node, messageId, data });
    };
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, 'text', { text: node.value.trim().slice(0, 60) });
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXAttribute' && literalWording(node.expression))
          report(node, 'text', { text: source.getText(node.expression).slice(0, 60) });
      },
      JSXAttribute(node) {
        const name = attributeName(node.name);
        if (!node.value || TECHNICAL_ATTRIBUTES.has(name) || name.startsWith('data-')) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (literalWording(value)) report(node, 'attribute', { name });
      },
      Property(node) {
        const name = node.computed ? null : keyName(node.key);
        if (name && WORDING_PROPERTIES.has(name) && literalWording(node.value)) report(node, 'property', { name });
      },
    };
  },
};

const plugin = { rules: { 'no-literal-wording': noLiteralWording } };

export default plugin;
