#!/usr/bin/env node
// How much of the production code is comment, and which comments quote measured figures:
//   node tools/style/comment-share.js [--figures] [--long 200] [--json]
// Production code: libs/*/src and apps/*/src, *.ts and *.tsx, without specs, the test harness (libs/testing),
// the end-to-end app (apps/console-e2e) and generated files. `--figures` lists the comments that quote figures
// (they belong in docs/performance.md); lines longer than `--long` characters are counted too. Every reference of a
// comment to a doc's section (`docs/performance.md, "Reads"`) must name the start of one of its headings (or of a page
// in the doc's folder, docs/performance/): exit code 1 and the unresolved ones listed otherwise.
'use strict';
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { parseArgs } = require('node:util');
const ts = require('typescript');

const ROOT = join(__dirname, '..', '..');
const SOURCE = /\.tsx?$/;
const NOT_PRODUCTION = [
  /\.spec\.tsx?$/,
  /\.integration-spec\.ts$/,
  /\.measure-spec\.ts$/,
  /\.generated\.ts$/,
  /\.d\.ts$/,
];
const NOT_PRODUCTION_PROJECTS = new Set(['libs/testing', 'apps/console-e2e']);

/**
 * A figure a comment quotes: a number with a unit of time, size or rate, a percentage or factor, or words that
 * name a measurement.
 */
const FIGURE = [
  /(?<![\w.])\d[\d\s.,–-]*\s?(?:µs|ms|s|MB|KB|kB|GB|%)(?![\w/-])/,
  /(?<![\w.])\d[\d\s.,]*k?\s?(?:[a-z]+)?\/s\b/,
  /(?<![\w.])\d[\d.]*\s?(?:×|x\b)(?!\s*\()/,
  /(?<![\w.])\d+ ?M (?:revisions|objects|processes|rows)\b/,
  /\b(?:a (?:third|fifth|tenth)|(?:two|three|four|five|ten) times)\s+(?:of the|as)\b/,
  /\b(?:[Mm]easured|A\/B|[Pp]rofiled|CPU profile)\b/,
];

/**
 * @typedef {{ line: number, text: string }} Comment a comment by the line it starts on, its text as written
 * @typedef {{ lines: number, blank: number, commentOnly: number, withComment: number, overLong: number, comments: Comment[] }} FileCount
 */

/**
 * Counts the lines of one TypeScript file: blank, comment only, holding a comment at all, longer than `longLine`.
 * @param {string} fileName decides JSX or not
 * @param {string} text
 * @param {number} longLine
 * @returns {FileCount}
 */
function countFile(fileName, text, longLine) {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  /** @type {Map<number, ts.CommentRange>} */
  const ranges = new Map();
  const collect = (/** @type {readonly ts.CommentRange[] | undefined} */ found) => {
    for (const range of found ?? []) ranges.set(range.pos, range);
  };
  // Every token's leading and trailing trivia: comments before a closing brace or at the end of the file too.
  const visit = (/** @type {ts.Node} */ node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length === 0) {
      collect(ts.getLeadingCommentRanges(text, node.pos));
      collect(ts.getTrailingCommentRanges(text, node.end));
    }
    for (const child of children) visit(child);
  };
  visit(source);
  // JSX text can hold `//` or `/*` that is no comment; comments inside JSX are always inside `{…}`.
  const lines = text.split('\n');
  /** @type {boolean[][]} */
  const commentChars = lines.map((line) => new Array(line.length).fill(false));
  /** @type {Comment[]} */
  const comments = [];
  let lastEnd = 0;
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const start = source.getLineAndCharacterOfPosition(range.pos);
    const end = source.getLineAndCharacterOfPosition(range.end);
    // Consecutive line comments with nothing between them are one comment.
    const previous = comments[comments.length - 1];
    const between = comments.length > 0 ? text.slice(lastEnd, range.pos) : '';
    if (
      previous &&
      range.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      /^[ \t]*\r?\n[ \t]*$/.test(between) &&
      previous.text.startsWith('//')
    ) {
      previous.text += between + text.slice(range.pos, range.end);
    } else {
      comments.push({ line: start.line + 1, text: text.slice(range.pos, range.end) });
    }
    lastEnd = range.end;
    for (let line = start.line; line <= end.line; line++) {
      const from = line === start.line ? start.character : 0;
      const to = line === end.line ? end.character : lines[line].length;
      for (let at = from; at < to && at < lines[line].length; at++) commentChars[line][at] = true;
    }
  }
  let blank = 0;
  let commentOnly = 0;
  let withComment = 0;
  let overLong = 0;
  lines.forEach((line, index) => {
    if (line.length > longLine) overLong++;
    const marked = commentChars[index];
    const hasComment = marked.some(Boolean);
    const code = [...line]
      .filter((_, at) => !marked[at])
      .join('')
      .trim();
    if (line.trim() === '') blank++;
    // `{/* … */}` is how JSX writes a comment line.
    else if (hasComment && (code === '' || code === '{}')) commentOnly++;
    if (hasComment) withComment++;
  });
  // A file ending in a newline has no further line.
  const total = text.endsWith('\n') ? lines.length - 1 : lines.length;
  return { lines: total, blank: text.endsWith('\n') ? blank - 1 : blank, commentOnly, withComment, overLong, comments };
}

/**
 * The production files of the workspace, relative to `root`, sorted.
 * @param {string} root
 * @returns {string[]}
 */
function productionFiles(root) {
  /** @type {string[]} */
  const files = [];
  for (const kind of ['libs', 'apps']) {
    for (const project of readdirSync(join(root, kind), { withFileTypes: true })) {
      if (!project.isDirectory() || NOT_PRODUCTION_PROJECTS.has(`${kind}/${project.name}`)) continue;
      const src = join(root, kind, project.name, 'src');
      try {
        files.push(...walk(src).map((file) => relative(root, file)));
      } catch {
        // a project without src/
      }
    }
  }
  return files.filter((file) => SOURCE.test(file) && !NOT_PRODUCTION.some((pattern) => pattern.test(file))).sort();
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test' ? [] : walk(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * Whether a comment quotes a measured figure.
 * @param {string} comment
 */
function quotesFigure(comment) {
  const text = flowing(comment);
  return FIGURE.some((pattern) => pattern.test(text));
}

/**
 * A comment's text as one line: line breaks with their `*` or `//` continuation become a space.
 * @param {string} comment
 */
function flowing(comment) {
  return comment.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');
}

/** A comment's reference to a section of a doc: `docs/<name>.md, "<start of a heading>"`. */
const DOC_REFERENCE = /(docs\/[\w-]+\.md),\s*"([^"]+)"/g;

/**
 * The references of the comments to sections of docs, and whether each names the start of one of the doc's headings.
 * A doc split into a folder of its name (docs/performance.md and docs/performance/*.md) holds the folder's headings too.
 * @param {string} root
 * @param {(Comment & { file: string })[]} comments
 */
function docReferences(root, comments) {
  /** @type {Map<string, string[]>} */
  const headings = new Map();
  const headingsOf = (/** @type {string} */ doc) => {
    let found = headings.get(doc);
    if (!found) {
      let text = '';
      try {
        text = readFileSync(join(root, doc), 'utf8');
      } catch {
        // a doc that does not exist resolves nothing
      }
      const folder = join(root, doc.replace(/\.md$/, ''));
      if (text && doc.endsWith('.md') && existsSync(folder))
        for (const page of readdirSync(folder).filter((name) => name.endsWith('.md')))
          text += '\n' + readFileSync(join(folder, page), 'utf8');
      found = text
        .split('\n')
        .filter((line) => /^#+ /.test(line))
        .map((line) => line.replace(/^#+ /, ''));
      headings.set(doc, found);
    }
    return found;
  };
  return comments.flatMap((comment) =>
    [...flowing(comment.text).matchAll(DOC_REFERENCE)].map(([, doc, section]) => ({
      file: comment.file,
      line: comment.line,
      doc,
      section,
      resolved: headingsOf(doc).some((heading) => heading.startsWith(section)),
    })),
  );
}

/**
 * The counts over all production files, and the comments that quote figures.
 * @param {string} root
 * @param {number} longLine
 */
function countProduction(root, longLine) {
  const totals = { files: 0, lines: 0, blank: 0, commentOnly: 0, withComment: 0, overLong: 0 };
  /** @type {(Comment & { file: string })[]} */
  const comments = [];
  for (const file of productionFiles(root)) {
    const counted = countFile(file, readFileSync(join(root, file), 'utf8'), longLine);
    totals.files++;
    totals.lines += counted.lines;
    totals.blank += counted.blank;
    totals.commentOnly += counted.commentOnly;
    totals.withComment += counted.withComment;
    totals.overLong += counted.overLong;
    for (const comment of counted.comments) comments.push({ file, ...comment });
  }
  return {
    totals,
    figures: comments.filter((comment) => quotesFigure(comment.text)),
    references: docReferences(root, comments),
  };
}

/** @param {number} part @param {number} whole */
function percent(part, whole) {
  return `${((100 * part) / whole).toFixed(1)} %`;
}

function main() {
  const { values } = parseArgs({
    options: {
      figures: { type: 'boolean', default: false },
      long: { type: 'string', default: '200' },
      json: { type: 'boolean', default: false },
    },
  });
  const longLine = Number(values.long);
  const { totals, figures, references } = countProduction(ROOT, longLine);
  const unresolved = references.filter((reference) => !reference.resolved);
  if (unresolved.length > 0) process.exitCode = 1;
  if (values.json) {
    process.stdout.write(
      JSON.stringify({ totals, figures: values.figures ? figures : figures.length, references }, null, 2) + '\n',
    );
    return;
  }
  const nonBlank = totals.lines - totals.blank;
  const lines = [
    `production files: ${totals.files}, lines: ${totals.lines} (${nonBlank} not blank)`,
    `comment-only lines: ${totals.commentOnly} (${percent(totals.commentOnly, totals.lines)} of all lines, ${percent(totals.commentOnly, nonBlank)} of non-blank)`,
    `lines holding a comment: ${totals.withComment} (${percent(totals.withComment, totals.lines)} of all lines)`,
    `lines over ${longLine} characters: ${totals.overLong}`,
    `comments quoting figures: ${figures.length}`,
    `references to a doc's section: ${references.length}, unresolved: ${unresolved.length}`,
    ...unresolved.map(
      (reference) => `  ${reference.file}:${reference.line}: ${reference.doc}, "${reference.section}" names no heading`,
    ),
  ];
  if (values.figures)
    for (const figure of figures)
      lines.push(`  ${figure.file}:${figure.line}: ${figure.text.replace(/\s+/g, ' ').slice(0, 160)}`);
  process.stdout.write(lines.join('\n') + '\n');
}

if (require.main === module) main();

module.exports = { countFile, productionFiles, quotesFigure, docReferences, countProduction };
