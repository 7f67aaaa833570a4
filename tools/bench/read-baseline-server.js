#!/usr/bin/env node
// The physical limit of a BO4E read on this stack: node:http, the query string, and one indexed SELECT on the service's
// own read model (`business_object`, GIN on `locations`) returning the stored jsonb as text, wrapped as the service
// answers it. No framework, no auth, no parameter checks, no version resolution (the bench's data has versions with
// disjoint validity, so `valid @> date` finds the same objects).   env: DATABASE_URL, PORT, ROLE, DATABASE_POOL_SIZE
'use strict';
const http = require('node:http');
const { Pool } = require('pg');

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE || 10),
  application_name: 'bench-read-baseline',
});
const role = process.env.ROLE || 'LF';

/** The reads the bench sends: path → kind (a subset of the service's route table). */
const KINDS = new Map([
  ['/getMarketlocationBasic', 'MARKTLOKATION'],
  ['/getMeterLocationBasic', 'MESSLOKATION'],
  ['/getCounterBasic', 'ZAEHLER'],
  ['/getGridUsageContractBasic', 'NETZNUTZUNGSVERTRAG'],
]);

const SELECT = `SELECT body::text AS body FROM business_object
  WHERE role = $1 AND kind = $2 AND locations && $3::text[] AND valid @> $4::timestamptz ORDER BY object_id, id`;

const server = http.createServer((request, response) => {
  const url = request.url ?? '/';
  const question = url.indexOf('?');
  const kind = KINDS.get(question < 0 ? url : url.slice(0, question));
  if (!kind) return response.end('ok');
  const query = new URLSearchParams(question < 0 ? '' : url.slice(question + 1));
  const id = query.get('parameter1') ?? '';
  const type = query.get('parameter2');
  // The same location keys as the service: the named type, else what the id's format allows.
  const locations = type
    ? [`${type}:${id}`]
    : /^\d{11}$/.test(id)
      ? [`MALO:${id}`, `TRANCHE:${id}`]
      : id.startsWith('DE')
        ? [`MELO:${id}`]
        : [`MALO:${id}`];
  pool.query({ name: 'read', text: SELECT, values: [role, kind, locations, query.get('parameter3')] }).then(
    ({ rows }) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(`{"stammdaten":{"${kind}":[${rows.map((row) => row.body).join(',')}]}}`);
    },
    () => response.writeHead(500).end(),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
