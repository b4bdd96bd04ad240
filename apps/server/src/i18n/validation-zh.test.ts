import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_ZH, validationZh } from './validation-zh.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Where request schemas are written. config.ts is left out: its messages go to the operator at start-up. */
const SOURCES = ['packages/contracts/src', 'apps/server/src'];
const NOT_ANSWERED = ['apps/server/src/config.ts'];

/** Zod methods whose string argument is the message of the issue they raise. */
const MESSAGE_METHODS = new Set(
  'min max length regex int positive nonnegative negative nonpositive gt gte lt lte multipleOf nonempty refine email url uuid'.split(
    ' ',
  ),
);
/** The contracts' schema factories that take the message (`chosenId('choose the place')`, `day('…')`). */
const MESSAGE_FACTORIES = new Set(['chosenId', 'storedFiles', 'day']);
/** Keys of an options object that carry the message (`{ message: '…' }`, `ctx.addIssue({ message })`). */
const MESSAGE_KEYS = new Set(['message', 'error']);

interface Found {
  text: string;
  where: string;
  interpolated: boolean;
}

/** The custom messages of one file's zod schemas, as string literals in the source. */
function messagesOf(file: string): Found[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const add = (node: ts.Node) => {
    const where = `${path.relative(repo, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, where, interpolated: false });
    } else if (ts.isTemplateExpression(node)) {
      found.push({ text: node.getText(source), where, interpolated: true });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        (ts.isPropertyAccessExpression(callee) && MESSAGE_METHODS.has(callee.name.text)) ||
        (ts.isIdentifier(callee) && MESSAGE_FACTORIES.has(callee.text))
      ) {
        node.arguments.forEach(add);
      }
      for (const arg of node.arguments.filter(ts.isObjectLiteralExpression)) {
        for (const p of arg.properties) {
          if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && MESSAGE_KEYS.has(p.name.text))
            add(p.initializer);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const schemaFiles = SOURCES.flatMap((dir) =>
  readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(repo, dir, f)),
).filter(
  (f) => !NOT_ANSWERED.includes(path.relative(repo, f)) && /from 'zod'|chosenId\(/.test(readFileSync(f, 'utf8')),
);
const messages = schemaFiles.flatMap(messagesOf);

describe('the Chinese catalogue of validation messages', () => {
  it('finds the messages of the contracts and the routes', () => {
    const texts = messages.map((m) => m.text);
    expect(texts).toContain('contact phone: 6 to 30 digits');
    expect(texts).toContain('choose the place');
    expect(texts).toContain('not a file name this server issued');
  });

  it('has a Chinese text for every custom message', () => {
    const missing = messages
      .filter((m) => !m.interpolated && VALIDATION_ZH[m.text] === undefined)
      .map((m) => `${m.where}: ${JSON.stringify(m.text)}`);
    expect(missing, 'add these to apps/server/src/i18n/validation-zh.ts').toEqual([]);
  });

  it('has no interpolated message, which it could not look up', () => {
    expect(messages.filter((m) => m.interpolated).map((m) => `${m.where}: ${m.text}`)).toEqual([]);
  });

  it('keeps no entry that no schema uses any more', () => {
    const used = new Set(messages.map((m) => m.text));
    expect(Object.keys(VALIDATION_ZH).filter((en) => !used.has(en))).toEqual([]);
  });

  it('renders zod’s own messages with its Chinese locale, for the one issue only', () => {
    const tooShort = z.string().min(2).safeParse('a').error!.issues[0]!;
    expect(validationZh(tooShort)).toBe('数值过小：期望 string >=2 字符');
    const wrongType = z.number().safeParse('7').error!.issues[0]!;
    expect(validationZh(wrongType, '7')).toBe('无效输入：期望 数字，实际接收 string');
    const custom = z.string().regex(/^\d+$/, 'bank account: 8 to 30 digits').safeParse('x').error!.issues[0]!;
    expect(validationZh(custom)).toBe('银行账号：8 至 30 位数字');
    // No global configuration changed: zod still speaks English.
    expect(z.string().min(2).safeParse('a').error!.issues[0]!.message).toBe(
      'Too small: expected string to have >=2 characters',
    );
  });
});
