import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { platformProblem, Public } from '@maco/platform';
import { CONSOLE_CONFIG, type ConsoleConfig, isBuilt } from '../console.config';
import { consoleProblem } from '../console.problems';

export const CONSOLE_BASE = '/console';
/** Vite's output for hashed file names: their content never changes under a name. */
const HASHED_DIR = 'assets/';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** What a Vite build emits; anything else is sent as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The operator console, a single-page app: its files without a token (the page asks for one), every other path under
 * /console/ answered with index.html so client-side routes can be linked and reloaded.
 */
@Public()
@Controller()
export class ConsoleController {
  constructor(@Inject(CONSOLE_CONFIG) private readonly config: ConsoleConfig) {}

  @Get('console')
  redirect(@Res() reply: FastifyReply): void {
    void reply.redirect(`${CONSOLE_BASE}/`, 301);
  }

  @Get('console/*')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const root = this.config.dir;
    if (!isBuilt(root)) {
      throw consoleProblem(
        'CONSOLE.NOT_BUILT',
        `No built console in ${root}: run \`npx nx run console:build\` (or set CONSOLE_DIR to a built console).`,
      );
    }
    const relative = this.relativePath(request.url);
    const file = relative === undefined ? undefined : resolve(root, relative);
    if (relative && file && file.startsWith(resolve(root) + sep) && (await isFile(file))) {
      send(
        reply,
        file,
        relative.startsWith(HASHED_DIR) ? `public, max-age=${ONE_YEAR_MS / 1000}, immutable` : 'no-cache',
      );
      return;
    }
    // A file the page asks for that is not there (an old hash after a deploy) must fail, not turn into HTML.
    if (
      relative?.startsWith(HASHED_DIR) ||
      (relative !== undefined && extname(relative) !== '' && !relative.includes('/'))
    ) {
      throw platformProblem('REQUEST.NOT_FOUND', `No console file ${relative}.`);
    }
    send(reply, resolve(root, 'index.html'), 'no-cache');
  }

  /** The request's path below /console/, decoded; undefined for one that cannot be decoded or names a dot segment. */
  private relativePath(url: string): string | undefined {
    const path = url.split('?')[0].slice(CONSOLE_BASE.length + 1);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.split('/').some((segment) => segment === '..' || segment === '.'))
      return undefined;
    return decoded;
  }
}

/**
 * The console's Content-Security-Policy: scripts, styles, images and requests from this origin only (the Vite build
 * has no inline script); inline styles allowed, as Mantine writes its theme's CSS variables into a `<style>` element.
 * Never framed (`frame-ancestors 'none'`, and X-Frame-Options for browsers without CSP 2).
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function send(reply: FastifyReply, file: string, cacheControl: string): void {
  void reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', CONSOLE_CONTENT_SECURITY_POLICY)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .type(CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
    .send(createReadStream(file));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
