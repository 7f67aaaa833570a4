'use strict';

/**
 * Polls `url` until it answers 200: a started server is ready.
 * @param {string} url
 * @param {number} timeoutMs
 */
async function waitForLive(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

module.exports = { waitForLive };
