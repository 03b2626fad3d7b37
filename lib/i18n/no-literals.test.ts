import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No words on screen outside the message files: every .tsx under app/ and components/ is parsed
 * with the TypeScript compiler and refused when it has JSX text with letters, or a literal string
 * in a user-facing attribute (aria-label, title, placeholder, alt, label...) or in a `label` /
 * `title` / `placeholder` property (label tables, page metadata). Message keys passed to `t()`
 * are call arguments and never looked at; class names, ids and hrefs are not user-facing.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Attributes a person reads or hears. */
const ATTRIBUTES = new Set(["aria-label", "aria-valuetext", "aria-roledescription", "title", "placeholder", "alt", "label", "anyLabel", "noneLabel", "caption"]);
/** Object properties that hold words for a person (label tables, metadata). */
const PROPERTIES = new Set(["label", "title", "placeholder", "anyLabel", "noneLabel", "description"]);

/**
 * Text that is the same in every language: brand and product names, document and protocol
 * names, symbols and keyboard shortcuts. Compared after trimming.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(["Pix", "QR code", "BR Code", "CPF", "CNPJ", "CPF/CNPJ", "ISPB", "txid", "md5", "Ctrl K", "⌘K", "E…", "R$"]);

/**
 * Files their owners have not converted yet (converted in parallel this round): each entry goes
 * when its file is converted. The integrator empties this list at the end of the round; then
 * every .tsx is held to the rule.
 */
const NOT_YET_CONVERTED = new Set<string>([
  // Empty: every .tsx under app/ and components/ is converted.
]);

type Literal = { line: number; text: string; where: string };

const LETTERS = /\p{L}/u;

function hasWords(text: string): boolean {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return trimmed !== "" && LETTERS.test(trimmed) && !SAME_IN_EVERY_LANGUAGE.has(trimmed);
}

/** String literals an expression shows as it is (through ?:, &&, ||, ??, + and templates; never into calls). */
function shownStrings(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return shownStrings(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((span) => span.literal)];
  if (ts.isConditionalExpression(node)) return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(node.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) {
      return [...shownStrings(node.left), ...shownStrings(node.right)];
    }
  }
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return "";
}

/** Every literal a person would read in this source. */
function findLiterals(fileName: string, source: string): Literal[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    if (!hasWords(text)) return;
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.replace(/\s+/g, " ").trim(), where });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text, "text");
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of shownStrings(node.expression)) report(literal, literalText(literal), "text");
    } else if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const name = node.name.getText(file);
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text, name);
      else if (ts.isJsxExpression(init) && init.expression) {
        for (const literal of shownStrings(init.expression)) report(literal, literalText(literal), name);
      }
    } else if (ts.isPropertyAssignment(node) && PROPERTIES.has(node.name.getText(file).replace(/["']/g, ""))) {
      for (const literal of shownStrings(node.initializer)) report(literal, literalText(literal), `${node.name.getText(file)}:`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function tsxFiles(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
    .map((f) => relative(ROOT, join(ROOT, dir, f)).split(sep).join("/"))
    .sort();
}

const FILES = [...tsxFiles("app"), ...tsxFiles("components")];
const literalsOf = (file: string) => findLiterals(file, readFileSync(join(ROOT, file), "utf8"));

describe("no literal words in the UI", () => {
  it("finds the files (app/ and components/)", () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(FILES).toContain("components/payments-table/payments-explorer.tsx");
  });

  it("catches text, attributes, label tables and templates, and leaves keys, classes and symbols alone", () => {
    const source = `
      export const LINKS = [{ href: "/", label: "Overview" }];
      export function A({ t, n }) {
        return (
          <div className="flex gap-2" aria-label={t("table.filters")} data-x="Hello">
            Hello there
            <span title={n ? "One item" : t("x.y")}>{n > 1 ? "items" : null} — {"·"} {t("a.b", { v: "ignored" })}</span>
            <button aria-label={\`Copy \${n}\`} placeholder="CPF">CPF</button>
          </div>
        );
      }`;
    expect(findLiterals("a.tsx", source).map((l) => `${l.where} ${l.text}`)).toEqual([
      "label: Overview",
      "text Hello there",
      "title One item",
      "text items",
      "aria-label Copy",
    ]);
  });

  it.each(FILES.filter((f) => !NOT_YET_CONVERTED.has(f)))("%s shows only words from the message files", (file) => {
    expect(literalsOf(file).map((l) => `${file}:${l.line} ${l.where} “${l.text}”`)).toEqual([]);
  });

  it("the files not yet converted still exist (a renamed file leaves the list)", () => {
    for (const file of NOT_YET_CONVERTED) expect(FILES, `${file} is gone: take it off the list`).toContain(file);
  });
});
