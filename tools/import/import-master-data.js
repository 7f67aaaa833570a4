#!/usr/bin/env node
// Imports master data the company already has into a running service's read model (`POST /masterData`):
// `npm run import -- --role LF [--url http://127.0.0.1:3000] [--batch-size 500] FILE…`.
// FILE is `.json` (`{"stammdaten": {"KIND": [ … ]}}`, the shape the reads answer, or a bare array of BOs with `boTyp`;
// streamed with stream-json's parser) or `.ndjson` (one BO with `boTyp` per line): both with constant memory. A BO's kind follows from `boTyp` (BO_KINDS;
// `VERTRAG` by its `vertragsart`). Objects are posted in batches (at most --batch-size objects and BATCH_BYTES bytes)
// with a token minted as `npm run token` does (JWT_SECRET, else the development secret under MACO_DATA_DIR).
// Progress goes to stderr: one updating line on a terminal (counts, rate, ETA), else a plain line every PLAIN_EVERY
// batches. The report goes to stdout. Exit code 0 when every object was imported or unchanged, 1 when any was refused
// or a request failed, 2 when it could not start or reach the service.
'use strict';
const { createReadStream, existsSync, statSync } = require('node:fs');
const { extname } = require('node:path');
const { createInterface } = require('node:readline');
const { parseArgs } = require('node:util');
const { sign } = require('jsonwebtoken');
const { chain, none } = require('stream-chain');
const { parser } = require('stream-json');
const { Assembler } = require('stream-json/assembler.js');
const { verifyFile } = require('stream-json/file/verifier.js');
const { signingSecret } = require('../token/signing-secret');

/** @typedef {import('stream-json/core/parser.js').Token} Token */

const ROLES = ['LF', 'NB', 'MSB'];
// Under the services' default body limit (BODY_LIMIT_BYTES, 1 MiB).
const BATCH_BYTES = 768 * 1024;
const PLAIN_EVERY = 20;
const REFUSALS_SHOWN = 50;

/**
 * `boTyp` → `stammdaten` kind of the read model. Contracts (`boTyp` VERTRAG) by `vertragsart` (CONTRACT_KINDS).
 * @type {Record<string, string>}
 */
const BO_KINDS = {
  MARKTLOKATION: 'MARKTLOKATION',
  MESSLOKATION: 'MESSLOKATION',
  NETZLOKATION: 'NETZLOKATION',
  TECHNISCHE_RESSOURCE: 'TECHNISCHE_RESSOURCE',
  STEUERBARE_RESSOURCE: 'STEUERBARE_RESSOURCE',
  TRANCHE: 'TRANCHE',
  ZAEHLER: 'ZAEHLER',
  BILANZIERUNG: 'BILANZIERUNG',
  LOKATIONSBUENDEL: 'LOKATIONSBUENDEL',
  NETZNUTZUNGSVERTRAG: 'NETZNUTZUNGSVERTRAG',
  ENERGIELIEFERVERTRAG: 'ENERGIELIEFERVERTRAG',
  MESSSTELLENBETRIEBSVERTRAG: 'MESSSTELLENBETRIEBSVERTRAG',
  BERECHNUNGSFORMEL: 'BERECHNUNGSFORMEL',
  AVIS: 'AVIS',
  KOMMUNIKATIONSDATEN: 'KOMMUNIKATIONSDATEN',
  PREISBLATT: 'PREISBLATT',
  ENERGIEMENGE: 'ENERGIEMENGE',
  SCHALTZEITDEFINITION: 'SCHALTZEITDEFINITION',
  LEISTUNGSKURVENDEFINITION: 'LEISTUNGSKURVENDEFINITION',
  ZAEHLZEITDEFINITION: 'ZAEHLZEITDEFINITION',
  ZUORDNUNGSERMAECHTIGUNG: 'ZUORDNUNGSERMAECHTIGUNG',
};
/** @type {Record<string, string>} */
const CONTRACT_KINDS = {
  NETZNUTZUNGSVERTRAG: 'NETZNUTZUNGSVERTRAG',
  ENERGIELIEFERVERTRAG: 'ENERGIELIEFERVERTRAG',
  MESSSTELLENBETRIEBSVERTRAG: 'MESSSTELLENBETRIEBSVERTRAG',
};

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`import: ${message}\n`);
  process.exit(2);
}

/**
 * The `stammdaten` kind of a bare BO, or a reason why it has none.
 * @param {unknown} bo
 * @returns {{ kind: string } | { error: string }}
 */
function kindOf(bo) {
  if (typeof bo !== 'object' || bo === null || Array.isArray(bo))
    return { error: 'not a business object (a JSON object)' };
  const { boTyp, vertragsart } = /** @type {Record<string, unknown>} */ (bo);
  if (boTyp === 'VERTRAG') {
    if (typeof vertragsart === 'string' && Object.hasOwn(CONTRACT_KINDS, vertragsart))
      return { kind: CONTRACT_KINDS[vertragsart] };
    return {
      error: `VERTRAG with vertragsart ${JSON.stringify(vertragsart)}: only ${Object.keys(CONTRACT_KINDS).join(', ')} are imported`,
    };
  }
  if (typeof boTyp === 'string' && Object.hasOwn(BO_KINDS, boTyp)) return { kind: BO_KINDS[boTyp] };
  return { error: `boTyp ${JSON.stringify(boTyp)} is not imported (${Object.keys(BO_KINDS).join(', ')}, VERTRAG)` };
}

/**
 * Totals and progress of one run.
 */
class Run {
  /**
   * @param {{ role: string, url: string, batchSize: number, totalBytes: number, secret: string }} options
   */
  constructor(options) {
    this.options = options;
    this.imported = 0;
    this.unchanged = 0;
    /** @type {string[]} */
    this.refused = [];
    this.refusedCount = 0;
    this.failedRequests = 0;
    this.batches = 0;
    this.bytesRead = 0;
    this.started = Date.now();
    this.tty = Boolean(process.stderr.isTTY);
    /** @type {{ kind: string, object: unknown, where: string }[]} */
    this.batch = [];
    this.batchBytes = 0;
  }

  get done() {
    return this.imported + this.unchanged + this.refusedCount;
  }

  /**
   * @param {string} where
   * @param {string} message
   */
  refuse(where, message) {
    this.refusedCount++;
    if (this.refused.length < REFUSALS_SHOWN) this.refused.push(`${where}: ${message}`);
  }

  /**
   * Adds one object; posts the batch when it is full.
   * @param {string} kind
   * @param {unknown} object
   * @param {string} where
   * @param {number} bytes its JSON's size (approximately)
   */
  async add(kind, object, where, bytes) {
    if (this.batch.length > 0 && this.batchBytes + bytes > BATCH_BYTES) await this.flush();
    this.batch.push({ kind, object, where });
    this.batchBytes += bytes;
    if (this.batch.length >= this.options.batchSize) await this.flush();
  }

  /** Posts the collected objects as one `{"stammdaten": …}`; refusals are reported by file and position. */
  async flush() {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    /** @type {Record<string, unknown[]>} */
    const stammdaten = {};
    /** @type {Map<string, string>} */
    const whereOf = new Map();
    for (const { kind, object, where } of batch) {
      const list = (stammdaten[kind] ??= []);
      whereOf.set(`#/stammdaten/${kind}/${list.length}`, where);
      list.push(object);
    }
    const token = sign({ roles: [this.options.role] }, this.options.secret, {
      algorithm: 'HS256',
      subject: 'import-cli',
      expiresIn: 300,
    });
    const url = `${this.options.url}/masterData`;
    let response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ stammdaten }),
      });
    } catch (error) {
      const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause;
      this.clearLine();
      fail(`no answer from ${url}${cause?.code ? ` (${cause.code})` : ''}: is the service running?`);
    }
    this.batches++;
    const text = await response.text();
    if (response.status !== 200) {
      this.failedRequests++;
      for (const { where } of batch)
        this.refuse(where, `not imported: the request answered ${response.status} ${text.slice(0, 200)}`);
    } else {
      const outcome =
        /** @type {{ imported: number, unchanged: number, refused: { pointer: string, message: string }[] }} */ (
          JSON.parse(text)
        );
      this.imported += outcome.imported;
      this.unchanged += outcome.unchanged;
      for (const { pointer, message } of outcome.refused) this.refuse(whereOf.get(pointer) ?? pointer, message);
    }
    this.progress();
  }

  progress() {
    if (!this.tty && this.batches % PLAIN_EVERY !== 0) return;
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const rate = this.done / seconds;
    let line = `${this.done} objects (${this.imported} imported, ${this.unchanged} unchanged, ${this.refusedCount} refused), ${Math.round(rate)}/s`;
    const { totalBytes } = this.options;
    if (totalBytes > 0 && this.bytesRead > 0) {
      const share = Math.min(this.bytesRead / totalBytes, 1);
      const eta = share > 0 ? (seconds / share) * (1 - share) : 0;
      line += `, ${Math.floor(share * 100)} %, ETA ${Math.ceil(eta)} s`;
    }
    if (this.tty) process.stderr.write(`\r\u001b[2K${line}`);
    else process.stderr.write(`${line}\n`);
  }

  clearLine() {
    if (this.tty) process.stderr.write('\r\u001b[2K');
  }

  report() {
    this.clearLine();
    const seconds = (Date.now() - this.started) / 1000;
    const lines = [
      `imported ${this.imported}, unchanged ${this.unchanged}, refused ${this.refusedCount}` +
        `${this.failedRequests ? `, ${this.failedRequests} failed requests` : ''} in ${seconds.toFixed(1)} s (${Math.round(this.done / Math.max(seconds, 0.001))}/s)`,
      ...this.refused.map((refusal) => `refused ${refusal}`),
    ];
    if (this.refusedCount > this.refused.length)
      lines.push(`… and ${this.refusedCount - this.refused.length} more refused`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

/**
 * One BO per line, streamed (readline): memory stays constant whatever the file's size.
 * @param {Run} run
 * @param {string} file
 */
async function importNdjson(run, file) {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    const bytes = Buffer.byteLength(line) + 1;
    run.bytesRead += bytes;
    if (line.trim() === '') continue;
    let bo;
    try {
      bo = JSON.parse(line);
    } catch (error) {
      run.refuse(`${file}:${number}`, `not JSON (${/** @type {Error} */ (error).message})`);
      continue;
    }
    const kind = kindOf(bo);
    if ('error' in kind) run.refuse(`${file}:${number}`, kind.error);
    else await run.add(kind.kind, bo, `${file}:${number}`, bytes);
  }
}

/** An element of a `.json` file: its kind (`null` in a bare array), its index in its list, the value. */
/** @typedef {{ kind: string | null, index: number, value: unknown }} JsonElement */

/**
 * The token consumer of a `.json` file's elements (the chain stage after stream-json's parser): `{"stammdaten":
 * {"KIND": [ … ]}}` gives each KIND's elements (a KIND holding one value gives it as element 0; other top-level members
 * are skipped), a bare array gives its elements. Each element is assembled alone, so memory holds one object at a time.
 * `shape()` tells afterwards whether the document had one of these shapes.
 */
function jsonElements() {
  // Where the parser is: 'top' before the document's value, 'root' in the top object, 'stammdaten' in its stammdaten,
  // 'list' in a bare array or a KIND's array, 'done' after the document.
  /** @type {'top' | 'root' | 'stammdaten' | 'list' | 'done'} */
  let where = 'top';
  /** @type {'array' | 'object' | 'other' | undefined} */
  let topShape;
  let stammdatenSeen = false;
  let stammdatenIsObject = false;
  /** @type {string | null} */
  let key = null;
  /** @type {string | null} */
  let kind = null;
  let index = 0;
  // The element being assembled (the parser's Assembler), and the depth of a value being skipped.
  /** @type {InstanceType<typeof Assembler> | null} */
  let assembler = null;
  /** @type {null | ((value: unknown) => JsonElement | typeof none)} */
  let assembled = null;
  let skipDepth = 0;

  /**
   * A value starts at `token`: assembled (then `onValue` gets it) or, for a scalar, handed over at once.
   * @param {Token} token
   * @param {(value: unknown) => JsonElement | typeof none} onValue
   * @returns {JsonElement | typeof none}
   */
  const startValue = (token, onValue) => {
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        assembler = new Assembler();
        assembler.consume(token);
        assembled = onValue;
        return none;
      case 'stringValue':
        return onValue(token.value);
      case 'numberValue':
        return onValue(Number(token.value));
      case 'nullValue':
        return onValue(null);
      case 'trueValue':
        return onValue(true);
      case 'falseValue':
        return onValue(false);
      default:
        return none;
    }
  };
  /** @param {Token} token */
  const skipValue = (token) => {
    if (token.name === 'startObject' || token.name === 'startArray') skipDepth = 1;
  };
  /** @param {unknown} value */
  const listElement = (value) => /** @type {JsonElement} */ ({ kind, index: index++, value });

  /**
   * @param {Token} token
   * @returns {JsonElement | typeof none}
   */
  const consume = (token) => {
    if (assembler) {
      assembler.consume(token);
      if (!assembler.done) return none;
      const value = assembler.current;
      const onValue = /** @type {(value: unknown) => JsonElement | typeof none} */ (assembled);
      assembler = null;
      assembled = null;
      return onValue(value);
    }
    if (skipDepth > 0) {
      if (token.name === 'startObject' || token.name === 'startArray') skipDepth++;
      else if (token.name === 'endObject' || token.name === 'endArray') skipDepth--;
      return none;
    }
    switch (where) {
      case 'top':
        where = 'done';
        if (token.name === 'startArray') {
          topShape = 'array';
          where = 'list';
        } else if (token.name === 'startObject') {
          topShape = 'object';
          where = 'root';
        } else {
          topShape = 'other';
          skipValue(token);
        }
        return none;
      case 'root':
        if (token.name === 'endObject') where = 'done';
        else if (token.name === 'keyValue') key = token.value;
        else if (key === 'stammdaten' && !stammdatenSeen && token.name === 'startObject') {
          stammdatenSeen = stammdatenIsObject = true;
          where = 'stammdaten';
        } else {
          if (key === 'stammdaten') stammdatenSeen = true;
          skipValue(token);
        }
        return none;
      case 'stammdaten':
        if (token.name === 'endObject') where = 'root';
        else if (token.name === 'keyValue') kind = token.value;
        else if (token.name === 'startArray') {
          index = 0;
          where = 'list';
        } else {
          // A KIND holding one value: element 0, as `[value]`.
          index = 0;
          return startValue(token, listElement);
        }
        return none;
      case 'list':
        if (token.name === 'endArray') {
          where = topShape === 'array' ? 'done' : 'stammdaten';
          return none;
        }
        return startValue(token, listElement);
      default:
        return none;
    }
  };
  return {
    consume,
    /** Whether the document was a bare array or an object with an object `stammdaten` (asked after the last token). */
    shape: () => topShape === 'array' || (topShape === 'object' && stammdatenIsObject),
  };
}

/**
 * `{"stammdaten": {"KIND": [ … ]}}` (kinds as given, the service judges them) or a bare array of BOs with `boTyp`,
 * streamed through stream-json's parser: memory stays constant whatever the file's size. Objects before a syntax error
 * have been posted already (like the lines of an `.ndjson` before a bad one); the file is refused with the error's line
 * and position.
 * @param {Run} run
 * @param {string} file
 */
async function importJson(run, file) {
  const input = createReadStream(file);
  input.on('data', (chunk) => (run.bytesRead += chunk.length));
  const elements = jsonElements();
  const pipeline = chain([input, parser({ streamValues: false }), elements.consume]);
  try {
    for await (const element of pipeline) {
      const { kind, index, value } = /** @type {JsonElement} */ (element);
      if (kind === null) {
        const bo = kindOf(value);
        if ('error' in bo) run.refuse(`${file}#/${index}`, bo.error);
        else await run.add(bo.kind, value, `${file}#/${index}`, JSON.stringify(value).length);
      } else {
        await run.add(kind, value, `${file}#/stammdaten/${kind}/${index}`, JSON.stringify(value ?? null).length);
      }
    }
  } catch (error) {
    pipeline.destroy();
    input.destroy();
    run.refuse(file, `cannot read JSON (${await syntaxError(file, /** @type {Error} */ (error))})`);
    return;
  }
  if (!elements.shape())
    run.refuse(file, 'must hold {"stammdaten": {"KIND": [ … ]}} or an array of business objects with boTyp');
}

/**
 * Where a file's JSON is broken, by stream-json's verifier (a second pass, only on error), else the parser's message.
 * @param {string} file
 * @param {Error} error
 * @returns {Promise<string>}
 */
async function syntaxError(file, error) {
  try {
    await verifyFile(file);
  } catch (verified) {
    const { message, line, pos } = /** @type {{ message?: string, line?: number, pos?: number }} */ (verified);
    if (line !== undefined)
      return `${(message ?? error.message).replace(/^ERROR at [^:]*: /, '')} at line ${line}, column ${pos}`;
  }
  return error.message;
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      role: { type: 'string' },
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 3000}` },
      'batch-size': { type: 'string', default: '500' },
    },
    allowPositionals: true,
    strict: true,
  });
  const role = (values.role || '').toUpperCase();
  if (!ROLES.includes(role)) fail('--role LF, NB or MSB is required');
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10000)
    fail('--batch-size takes a number from 1 to 10000');
  if (positionals.length === 0) fail('name at least one FILE (.json or .ndjson)');
  for (const file of positionals) {
    if (!['.json', '.ndjson'].includes(extname(file).toLowerCase()))
      fail(`${file}: only .json and .ndjson files are imported`);
    if (!existsSync(file)) fail(`${file}: no such file`);
  }
  const totalBytes = positionals.reduce((sum, file) => sum + statSync(file).size, 0);
  const run = new Run({
    role,
    url: values.url.replace(/\/+$/, ''),
    batchSize,
    totalBytes,
    secret: signingSecret(fail),
  });
  for (const file of positionals) {
    if (extname(file).toLowerCase() === '.ndjson') await importNdjson(run, file);
    else await importJson(run, file);
  }
  await run.flush();
  run.report();
  return run.refusedCount > 0 || run.failedRequests > 0 ? 1 : 0;
}

main().then((code) => (process.exitCode = code));
