import pino from 'pino';
import { PinoNestLogger } from './nest-logger';
import { REDACTED_PATHS } from './service-logger';

function capture(): { logger: PinoNestLogger; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const base = pino(
    { level: 'trace', base: undefined, redact: { paths: REDACTED_PATHS, remove: true } },
    { write: (line: string) => written.push(line) },
  );
  return {
    logger: new PinoNestLogger(base),
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('PinoNestLogger', () => {
  it('should take the last string argument as the context', () => {
    const { logger, lines } = capture();
    logger.log('started', 'Bootstrap');
    logger.warn('careful');
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, msg: 'started', context: 'Bootstrap' }),
      expect.objectContaining({ level: 40, msg: 'careful' }),
    ]);
    expect(lines()[1]).not.toHaveProperty('context');
  });

  it("should keep an error's stack given as Nest passes it, and serialise Error objects", () => {
    const { logger, lines } = capture();
    const stack = new Error('boom').stack as string;
    logger.error('request failed', stack, 'ProblemDetailsFilter');
    logger.error(new TypeError('bad'), 'Bootstrap');
    const [first, second] = lines();
    expect(first).toMatchObject({ level: 50, msg: 'request failed', stack, context: 'ProblemDetailsFilter' });
    expect(second).toMatchObject({ level: 50, context: 'Bootstrap', err: { type: 'TypeError', message: 'bad' } });
  });

  it('should merge an object first argument into the line, redacted', () => {
    const { logger, lines } = capture();
    logger.debug({ requestId: 'r1', body: { name1: 'Mustermann' } }, 'with object', 'Spec');
    expect(lines()[0]).toMatchObject({ level: 20, requestId: 'r1', msg: 'with object', context: 'Spec' });
    expect(lines()[0]).not.toHaveProperty('body');
  });

  it('should map verbose and fatal to trace and fatal', () => {
    const { logger, lines } = capture();
    logger.verbose('v');
    logger.fatal('f');
    expect(lines().map((line) => line['level'])).toEqual([10, 60]);
  });
});
