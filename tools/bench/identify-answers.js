'use strict';
// What the MaLo identification answered: checked one by one before the load, counted under it.
const { round } = require('./statistics');

/**
 * @typedef {{ requests: number, withExpected: number, expectedNonEmpty: number, expectedFound: number, expectedFirst: number,
 *   unknown: number, unknownEmpty: number, candidatesPerAnswer: number, failures: { type: string, status: number, body: string }[],
 *   byType: Record<string, { requests: number, found: number, candidates: number, meanMs: number }> }} IdentifyCheck
 */

/**
 * Occurrences of a string in a text.
 * @param {string} text
 * @param {string} part
 */
function countOf(text, part) {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/**
 * Sends some requests one by one before the load: is the expected MaLo among the candidates (and first), are the
 * unknown ones answered empty; candidates and time per request type.
 * @param {import('./load').Target} target
 * @param {import('./identify-requests').IdentifyRequest[]} requests
 * @param {() => string} nextBody gives the body of request `n` in turn (the first call request 0)
 * @returns {Promise<IdentifyCheck>}
 */
async function checkIdentifyAnswers(target, requests, nextBody) {
  /** @type {IdentifyCheck} */
  const check = {
    requests: requests.length,
    withExpected: 0,
    expectedNonEmpty: 0,
    expectedFound: 0,
    expectedFirst: 0,
    unknown: 0,
    unknownEmpty: 0,
    candidatesPerAnswer: 0,
    failures: [],
    byType: {},
  };
  let candidates = 0;
  for (const request of requests) {
    const started = process.hrtime.bigint();
    const response = await fetch(target.url, { method: 'POST', headers: target.headers, body: nextBody() });
    const text = await response.text();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const type = (check.byType[request.type] ??= { requests: 0, found: 0, candidates: 0, meanMs: 0 });
    type.requests++;
    type.meanMs += ms;
    if (response.status !== 200) {
      if (check.failures.length < 5)
        check.failures.push({ type: request.type, status: response.status, body: text.slice(0, 300) });
      continue;
    }
    const ids = /** @type {{ maloIdentDaten: { lokationsId: string }[] }} */ (JSON.parse(text)).maloIdentDaten.map(
      (candidate) => candidate.lokationsId,
    );
    candidates += ids.length;
    type.candidates += ids.length;
    if (request.expected) {
      check.withExpected++;
      if (ids.length > 0) check.expectedNonEmpty++;
      if (ids.includes(request.expected)) {
        check.expectedFound++;
        type.found++;
      }
      if (ids[0] === request.expected) check.expectedFirst++;
      if (ids.length === 0 && check.failures.length < 5)
        check.failures.push({ type: request.type, status: response.status, body: text.slice(0, 300) });
    } else {
      check.unknown++;
      if (ids.length === 0) check.unknownEmpty++;
    }
  }
  for (const type of Object.values(check.byType)) {
    type.meanMs = round(type.meanMs / type.requests, 1);
    type.candidates = round(type.candidates / type.requests, 2);
  }
  check.candidatesPerAnswer = round(candidates / requests.length, 2);
  return check;
}

module.exports = { countOf, checkIdentifyAnswers };
