#!/usr/bin/env node
// The physical limit of this stack: node:http parses the JSON body and one plain pg INSERT stores it in a jsonb
// table with a unique key. No framework, no auth, no validation.   env: DATABASE_URL, PORT, DATABASE_POOL_SIZE
'use strict';
const http = require('node:http');
const { Pool } = require('pg');

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE || 10),
});

async function main() {
  await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline (business_key text PRIMARY KEY, body jsonb NOT NULL)');
  const server = http.createServer((request, response) => {
    if (request.method === 'GET') return response.end('ok');
    /** @type {Buffer[]} */
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        response.writeHead(400).end();
        return;
      }
      pool
        .query('INSERT INTO bench_baseline (business_key, body) VALUES ($1, $2)', [body.zusatzdaten.businessKey, body])
        .then(
          () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
          () => response.writeHead(500).end(),
        );
    });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
