/**
 * Checks a build's translations (issue 36): every message in its source (an object or JSX element
 * with a literal `id` and `defaultMessage`) has a French and a Spanish text with the same ICU
 * arguments, no id carries two different English texts, and the catalogues hold no stale ids.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export interface SourceMessage {
  id: string;
  defaultMessage: string;
  file: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function literal(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literal(node.expression);
  return undefined;
}

/** Every `{ id, defaultMessage }` object and `<FormattedMessage id defaultMessage />` under `dir`. */
export function sourceMessages(dir: string): SourceMessage[] {
  const found: SourceMessage[] = [];
  for (const file of sourceFiles(dir)) {
    const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node): void => {
      let props: Map<string, ts.Node | undefined> | undefined;
      if (ts.isObjectLiteralExpression(node)) {
        props = new Map(node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(sf), p.initializer]));
      } else if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
        props = new Map(node.attributes.properties.filter(ts.isJsxAttribute).map((a) => [a.name.getText(sf), a.initializer]));
      }
      const id = literal(props?.get('id'));
      const defaultMessage = literal(props?.get('defaultMessage'));
      if (id !== undefined && defaultMessage !== undefined) found.push({ id, defaultMessage, file: path.relative(dir, file) });
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/** The argument names a message uses ({name}, {count, plural, …}, <b>…</b> tags). */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      names.add(el.value);
      if (el.type === TYPE.tag) walk(el.children);
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const opt of Object.values(el.options)) walk(opt.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** The faults of a build's catalogues, as readable lines (empty when all is well). */
export function catalogFaults(srcDir: string, catalogs: Record<string, Record<string, string>>): string[] {
  const faults: string[] = [];
  const english = new Map<string, SourceMessage>();
  for (const m of sourceMessages(srcDir)) {
    const seen = english.get(m.id);
    if (seen && seen.defaultMessage !== m.defaultMessage)
      faults.push(`${m.id}: two English texts ("${seen.defaultMessage}" in ${seen.file}, "${m.defaultMessage}" in ${m.file})`);
    english.set(m.id, m);
  }
  for (const [locale, catalog] of Object.entries(catalogs)) {
    for (const [id, m] of english) {
      const text = catalog[id];
      if (text === undefined || text.trim() === '') {
        faults.push(`${locale}: ${id} has no text ("${m.defaultMessage}", ${m.file})`);
        continue;
      }
      try {
        const want = messageArguments(m.defaultMessage).join(',');
        const got = messageArguments(text).join(',');
        if (want !== got) faults.push(`${locale}: ${id} uses {${got}} but English uses {${want}}`);
      } catch (e) {
        faults.push(`${locale}: ${id} is not a valid ICU message (${(e as Error).message})`);
      }
    }
    for (const id of Object.keys(catalog)) if (!english.has(id)) faults.push(`${locale}: ${id} is not used in the source`);
  }
  return faults;
}

/**
 * Texts that leave the one register each language speaks (docs/accessibility.md, issue 36): French
 * says « vous » (no « tu », « ton », « tes », « Réessaie »…), Spanish says « tú » (no « usted »,
 * « Inténtelo », « Introduzca »…). Readable lines, empty when all is well.
 */
export function registerFaults(catalogs: { fr: Record<string, string>; es: Record<string, string> }): string[] {
  // whole words, accented letters included (\b knows only ASCII letters)
  const words = (list: string) => new RegExp(`(?<!\\p{L})(${list})(?!\\p{L})`, 'iu');
  const rules = {
    fr: words("tu|ton|ta|tes|toi|te|t['’]|[\\p{L}]+-toi|réessaie|choisis|saisis|dépose|clique|achète|rejoins|reçois|vérifie"),
    es: words(
      'usted|ustedes|inténtelo|póngase|introduzca|seleccione|elija|rellene|contacte|consulte|compruebe|corrija|escriba|pulse|suba|déjelo',
    ),
  };
  const faults: string[] = [];
  for (const locale of ['fr', 'es'] as const)
    for (const [id, text] of Object.entries(catalogs[locale]))
      if (rules[locale].test(text)) faults.push(`${locale}: ${id}: "${text}" (${rules[locale].exec(text)![0]})`);
  return faults;
}
