'use strict';
// The booking bodies: the role's create samples with a unique business key each, updates of booked keys, replays.
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { SAMPLES } = require('./build');

/** @typedef {ReturnType<typeof createBodies>} Bodies */

/**
 * Sample bodies of the role with a placeholder key, turned into unique bodies by string splicing (cheap for the load generator).
 * @param {string} role
 */
function createBodies(role) {
  const files = [...listSamples(SAMPLES, ''), ...listSamples(join(SAMPLES, 'upstream'), 'upstream/')].filter((f) =>
    new RegExp(`^(upstream/)?${role.toLowerCase()}-create-`).test(f),
  );
  const templates = files.map((file) => {
    const body = JSON.parse(readFileSync(join(SAMPLES, file), 'utf8'));
    body.zusatzdaten = { ...body.zusatzdaten, businessKey: '__KEY__' };
    return JSON.stringify(body).split('"__KEY__"');
  });
  const run = Date.now().toString(36);
  let counter = 0;
  const create = () => {
    const template = templates[counter % templates.length];
    return template[0] + JSON.stringify(`${run}-${counter++}`) + template[1];
  };
  const updateOf = (/** @type {string} */ businessKey, /** @type {number} */ n) =>
    JSON.stringify({
      stammdaten: {
        MARKTLOKATION: [
          { boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192', [`feld${n % 50}`]: n },
        ],
      },
      transaktionsdaten: {
        pruefidentifikator: '55002',
        dokumentennummer: `${run}-u${n}`,
        nachrichtendatum: '2026-05-04T08:00:00Z',
      },
      zusatzdaten: { businessKey },
    });
  return {
    sampleNames: files,
    create: { path: '/createProcessData', next: create },
    /**
     * @param {string[]} keys business keys to update
     * @returns {import('./load').BodySource}
     */
    mixed(keys) {
      let n = 0;
      return {
        next: () => {
          n++;
          return n % 2 === 0
            ? { path: '/updateProcessData', body: updateOf(keys[n % keys.length], n) }
            : { path: '/createProcessData', body: create() };
        },
      };
    },
    /** @returns {import('./load').BodySource} */
    replay() {
      const body = create();
      return { path: '/createProcessData', next: () => body };
    },
  };
}

/**
 * The sample files of a folder, sorted, named with `prefix`.
 * @param {string} dir
 * @param {string} prefix
 */
function listSamples(dir, prefix) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => prefix + name);
}

/**
 * Books `count` creates one by one.
 * @param {import('./load').Target} target
 * @param {Bodies} bodies
 * @param {number} count
 * @returns {Promise<string[]>} the business keys created
 */
async function seed(target, bodies, count) {
  const keys = [];
  for (let i = 0; i < count; i++) {
    const body = bodies.create.next();
    const response = await fetch(target.url, { method: 'POST', headers: target.headers, body });
    if (response.status !== 200) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    keys.push(/** @type {{ businessKey: string }} */ (await response.json()).businessKey);
  }
  return keys;
}

module.exports = { createBodies, listSamples, seed };
