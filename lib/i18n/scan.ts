/**
 * No sentence for staff is written in a component: every user-visible string comes from the
 * catalogs. This reads every .tsx under app/ and components/ and names each text node, each
 * wording attribute and each wording property that holds a literal. A literal that is not
 * wording (a product name shown as the API spells it) carries `i18n-ignore` and a reason on its
 * line or the line before.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOTS = ['app', 'components'];

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
/** A literal reads as wording: letters, and a space or a capital (not a code, path or token). */
const isWording = (s: string) => LETTER.test(s) && (/\s/.test(s.trim()) || /^\p{Lu}/u.test(s.trim()));

export function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.tsx') ? [path.join(dir, e.name)] : [],
  );
}

export function hardCodedStrings(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split('\n');
  const ignored = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    return /i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '');
  };
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    if (ignored(node)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${file}:${line} ${what}: ${node.getText(source).trim().slice(0, 60)}`);
  };
  /** A literal, or a choice between literals, that is wording. */
  const literalWording = (e: ts.Expression): boolean => {
    if (ts.isParenthesizedExpression(e)) return literalWording(e.expression);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return isWording(e.text);
    if (ts.isTemplateExpression(e))
      return isWording([e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(' x '));
    if (ts.isConditionalExpression(e)) return literalWording(e.whenTrue) || literalWording(e.whenFalse);
    if (ts.isBinaryExpression(e)) return literalWording(e.left) || literalWording(e.right);
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) report(node, 'text');
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      if (literalWording(node.expression)) report(node, 'text');
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source);
      if (!TECHNICAL_ATTRIBUTES.has(name) && !name.startsWith('data-')) {
        const init = node.initializer;
        const value = ts.isJsxExpression(init) ? init.expression : init;
        if (value && literalWording(value as ts.Expression)) report(node, `attribute ${name}`);
      }
    } else if (ts.isPropertyAssignment(node) && WORDING_PROPERTIES.has(node.name.getText(source))) {
      if (literalWording(node.initializer)) report(node, `property ${node.name.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every finding under the given folders or files (default: app/ and components/). */
export function scan(targets: string[] = ROOTS): string[] {
  return targets
    .flatMap((t) => (t.endsWith('.tsx') ? [t] : files(t)))
    .flatMap((f) => hardCodedStrings(f, readFileSync(f, 'utf8')));
}
