import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Where server actions live and how they reach the code that calls them: every 'use server'
 * module is in lib/actions/, each of its exports is built by staffAction (lib/server/http/action.ts),
 * and a component imports the action it calls; no page or component hands a server action to
 * another component as a prop, and no component declares a prop shaped as one.
 */

const root = path.resolve(import.meta.dirname, '../..');

interface Source {
  /** repository-relative, with forward slashes */
  file: string;
  text: string;
}

function walk(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    // scripts/lint.test.ts writes its fixtures under lib/ while other files run
    if (name.startsWith('lint-fixture-')) return [];
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return name === 'node_modules' ? [] : walk(rel);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
  });
}

function parse({ file, text }: Source): ts.SourceFile {
  return ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** Whether a module starts with the 'use server' directive (its exports are server actions). */
export function isServerModule(source: Source): boolean {
  const first = parse(source).statements[0];
  return (
    !!first &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use server'
  );
}

/** The repository file an import specifier names (`@/…` or relative), or null for a package. */
function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find(exists) ?? null;
}

/**
 * Every place in `sources` where a server action crosses to a component as a prop: a JSX
 * attribute of a component (not a DOM element such as `<form action>`) whose value hands on an
 * imported action rather than calling it, and a props member typed as an action
 * (`typeof someAction`, or a function answering `Promise<ActionResult…>` / `Promise<{ ok: … }>`).
 */
export function findActionProps(sources: Source[], actionModules: Set<string>): string[] {
  const files = new Set(sources.map((s) => s.file));
  const exists = (f: string) => files.has(f) || actionModules.has(f) || existsSync(path.join(root, f));
  const found: string[] = [];
  for (const source of sources) {
    const sf = parse(source);
    const where = (node: ts.Node) => `${source.file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    // local names bound to an imported action (a named import, or a namespace of actions)
    const actionNames = new Set<string>();
    for (const st of sf.statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !st.importClause) continue;
      const target = resolveImport(source.file, st.moduleSpecifier.text, exists);
      if (!target || !actionModules.has(target)) continue;
      const bindings = st.importClause.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) actionNames.add(el.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) actionNames.add(bindings.name.text);
      if (st.importClause.name) actionNames.add(st.importClause.name.text);
    }
    const visit = (node: ts.Node): void => {
      if (ts.isJsxAttribute(node) && node.initializer && ts.isJsxExpression(node.initializer)) {
        const element = node.parent.parent;
        const tag = (ts.isJsxSelfClosingElement(element) || ts.isJsxOpeningElement(element)) && element.tagName;
        const isDomElement = tag && ts.isIdentifier(tag) && /^[a-z]/.test(tag.text);
        const handsOn = (n: ts.Node): boolean => {
          if (ts.isIdentifier(n) && actionNames.has(n.text)) {
            // calling it in place (`onClick={() => act(…)}`) is using it, not handing it on
            const call = ts.isPropertyAccessExpression(n.parent) ? n.parent.parent : n.parent;
            const callee = ts.isPropertyAccessExpression(n.parent) ? n.parent : n;
            return !(ts.isCallExpression(call) && call.expression === callee);
          }
          return ts.forEachChild(n, (c) => handsOn(c) || undefined) ?? false;
        };
        if (!isDomElement && node.initializer.expression && handsOn(node.initializer.expression))
          found.push(`${where(node)} passes a server action as the prop "${node.name.getText(sf)}"`);
      }
      if (ts.isPropertySignature(node) && node.type) {
        const type = node.type;
        const typedAsAction =
          (ts.isTypeQueryNode(type) && actionNames.has(type.exprName.getText(sf).split('.')[0]!)) ||
          (ts.isFunctionTypeNode(type) && /^Promise<\s*(ActionResult\b|\{\s*ok\s*:)/.test(type.type.getText(sf)));
        if (typedAsAction) found.push(`${where(node)} declares the prop "${node.name.getText(sf)}" as a server action`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/** Every exported binding of a 'use server' module that is not `staffAction(…)`. */
export function actionsOutsideTheGuard(source: Source): string[] {
  const sf = parse(source);
  const out: string[] = [];
  for (const st of sf.statements) {
    const exported =
      ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) continue;
    if (!ts.isVariableStatement(st)) {
      out.push(`${source.file}: export "${st.getText(sf).split('\n')[0]}" is not built by staffAction`);
      continue;
    }
    for (const d of st.declarationList.declarations) {
      const init = d.initializer;
      const guarded = !!init && ts.isCallExpression(init) && init.expression.getText(sf) === 'staffAction';
      if (!guarded) out.push(`${source.file}: ${d.name.getText(sf)} is not built by staffAction`);
    }
  }
  return out;
}

const read = (file: string): Source => ({ file, text: readFileSync(path.join(root, file), 'utf8') });
const tree = () => ['app', 'components', 'lib'].flatMap(walk).map(read);

describe('server actions in the tree', () => {
  const sources = tree();
  const actionModules = sources.filter(isServerModule);

  it('live in lib/actions, every one built by staffAction', () => {
    expect(actionModules.length).toBeGreaterThan(0);
    expect(actionModules.map((s) => s.file).filter((f) => !f.startsWith('lib/actions/'))).toEqual([]);
    expect(actionModules.flatMap(actionsOutsideTheGuard)).toEqual([]);
    // no action declared inline in a component or a page either
    expect(
      sources
        .filter((s) => !s.file.startsWith('lib/actions/') && /^\s*['"]use server['"]/m.test(s.text))
        .map((s) => s.file),
    ).toEqual([]);
  });

  it('reach a component by import, never as a prop', () => {
    const ui = sources.filter((s) => s.file.startsWith('app/') || s.file.startsWith('components/'));
    expect(ui.length).toBeGreaterThan(0);
    expect(findActionProps(ui, new Set(actionModules.map((s) => s.file)))).toEqual([]);
  });
});

describe('the check finds', () => {
  const actions = new Set(['lib/actions/select-entity.ts']);
  const page = (text: string): Source => ({ file: 'app/(console)/planted/page.tsx', text });
  const component = (text: string): Source => ({ file: 'components/planted/switcher.tsx', text });

  it('a page handing an action to a component, by name or inside an object', () => {
    const found = findActionProps(
      [
        page(
          "import { selectEntityAction } from '@/lib/actions/select-entity';\n" +
            "import { Switcher } from '@/components/planted/switcher';\n" +
            'export default function Page() {\n' +
            '  return <><Switcher select={selectEntityAction} /><Switcher actions={{ select: selectEntityAction }} /></>;\n' +
            '}\n',
        ),
      ],
      actions,
    );
    expect(found).toEqual([
      'app/(console)/planted/page.tsx:4 passes a server action as the prop "select"',
      'app/(console)/planted/page.tsx:4 passes a server action as the prop "actions"',
    ]);
  });

  it('an action imported through a relative path or a namespace', () => {
    const found = findActionProps(
      [
        {
          file: 'lib/planted/page.tsx',
          text:
            "import * as entity from '../actions/select-entity';\n" +
            'export const P = () => <Switcher select={entity.selectEntityAction} />;\n',
        },
      ],
      actions,
    );
    expect(found).toEqual(['lib/planted/page.tsx:2 passes a server action as the prop "select"']);
  });

  it('a component whose props declare an action', () => {
    const found = findActionProps(
      [
        component(
          "import type { selectEntityAction } from '@/lib/actions/select-entity';\n" +
            'export function Switcher(props: {\n' +
            '  select: (input: { id: string }) => Promise<{ ok: true } | { ok: false; error: string }>;\n' +
            '  apply: (input: unknown) => Promise<ActionResult<null>>;\n' +
            '  choose: typeof selectEntityAction;\n' +
            '}) { return null; }\n',
        ),
      ],
      actions,
    );
    expect(found).toEqual([
      'components/planted/switcher.tsx:3 declares the prop "select" as a server action',
      'components/planted/switcher.tsx:4 declares the prop "apply" as a server action',
      'components/planted/switcher.tsx:5 declares the prop "choose" as a server action',
    ]);
  });

  it('nothing in a component that calls the action it imports, or gives it to a form element', () => {
    const found = findActionProps(
      [
        component(
          "import { selectEntityAction } from '@/lib/actions/select-entity';\n" +
            'export function Switcher({ onDone }: { onDone: () => Promise<void> }) {\n' +
            '  return <><Select onChange={async (e) => { await selectEntityAction({ id: e.target.value }); await onDone(); }} />' +
            '<form action={selectEntityAction} /></>;\n' +
            '}\n',
        ),
      ],
      actions,
    );
    expect(found).toEqual([]);
  });

  it('an export of an action module that skips staffAction', () => {
    const found = actionsOutsideTheGuard({
      file: 'lib/actions/planted.ts',
      text:
        "'use server';\nimport { staffAction } from '@/lib/server/http/action';\n" +
        'export const guarded = staffAction(def, async () => null);\n' +
        'export const bare = async () => null;\n' +
        'export async function alsoBare() { return null; }\n',
    });
    expect(found).toEqual([
      'lib/actions/planted.ts: bare is not built by staffAction',
      'lib/actions/planted.ts: export "export async function alsoBare() { return null; }" is not built by staffAction',
    ]);
  });
});
