#!/usr/bin/env node
// The floor of the service's design: bare Fastify, JSON.parse, and the service's own create statement (record +
// first revision, its indexes and foreign key, the projection) as a prepared pg statement, batched as the service
// batches it. No Nest, no auth, no validation, no logging, no metrics. Runs on a database the service has migrated.
//   env: DATABASE_URL, PORT, ROLE
'use strict';
const { join } = require('node:path');
const fastify = require('fastify')({ logger: false });
const { Pool } = require('pg');
// The libs' entry points (their package `main`, the build): the same code the service runs.
const { createBatcher, uuidV7 } = require(join(__dirname, '..', '..', 'libs', 'process-store'));
// The booking projects its business objects into the read model in the same statement: the floor does too.
const { describeBusinessObjects } = require(join(__dirname, '..', '..', 'libs', 'read-model'));

/**
 * A request that keeps its body text for the insert, as the service stores the JSON as received.
 * @typedef {import('fastify').FastifyRequest & { jsonText?: string }} FloorRequest
 * The part of a create body this server reads.
 * @typedef {{
 *   zusatzdaten: { businessKey: string },
 *   transaktionsdaten?: { pruefidentifikator?: string },
 *   stammdaten?: { MARKTLOKATION?: { marktlokationsId?: unknown }[] },
 * }} CreateBody
 */

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE || 10),
});
const role = process.env.ROLE || 'LF';
const creates = createBatcher(pool, role);

fastify.removeContentTypeParser('application/json');
fastify.addContentTypeParser(
  'application/json',
  { parseAs: 'string' },
  (/** @type {FloorRequest} */ request, /** @type {string} */ text, done) => {
    try {
      request.jsonText = text;
      done(null, JSON.parse(text));
    } catch (error) {
      const parseError = /** @type {SyntaxError & { statusCode?: number }} */ (error);
      parseError.statusCode = 400;
      done(parseError, undefined);
    }
  },
);
fastify.get('/', async () => 'ok');
fastify.post('/createProcessData', async (/** @type {FloorRequest} */ request) => {
  const body = /** @type {CreateBody} */ (request.body);
  const businessKey = body.zusatzdaten.businessKey;
  const pruefidentifikator = body.transaktionsdaten?.pruefidentifikator ?? null;
  const marktlokationsIds = (body.stammdaten?.MARKTLOKATION ?? [])
    .map((malo) => malo.marktlokationsId)
    .filter((id) => typeof id === 'string');
  await creates.submit({
    id: uuidV7(),
    businessKey,
    targetBusinessKey: null,
    prozessId: null,
    pruefidentifikator,
    release: '10/26',
    marktlokationsIds,
    currentJson: null,
    bodyJson: request.jsonText,
    tokenSubject: 'bench',
    requestId: request.id,
    findingsJson: '[]',
    objectsJson: JSON.stringify(describeBusinessObjects(body.stammdaten)),
  });
  return { businessKey, revision: 1, replayed: false };
});
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.send?.('ready'));
process.on('SIGTERM', () =>
  fastify
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
