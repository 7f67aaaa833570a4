import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { PLATFORM_PROBLEMS, type PlatformProblemCode } from '../problem/problem-catalog';
import { PROBLEM_CONTENT_TYPE } from '../problem/problem-details.filter';

/**
 * Answers a request Node's HTTP parser refused (no Fastify request exists yet) with problem details, like every
 * other error, then closes the connection. Oversize headers → 431, anything else unparsable → 400.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket, problemTypeBase: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code: PlatformProblemCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'REQUEST.HEADERS_TOO_LARGE' : 'REQUEST.MALFORMED_HTTP';
  const { status, slug, title } = PLATFORM_PROBLEMS[code];
  const detail =
    code === 'REQUEST.HEADERS_TOO_LARGE'
      ? 'The request headers exceed the server limit.'
      : 'The request is not valid HTTP.';
  const body = JSON.stringify({ type: problemTypeBase + slug, title, status, detail, code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
