import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's `LoggerService` on pino: Nest's messages become JSON lines with their `context`. Follows Nest's calling
 * convention: the context is the last string argument; an object first is merged into the line (and redacted like
 * any other); `error(message, stack, context)` keeps the stack.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    let text: string | undefined;
    if (message instanceof Error) fields['err'] = message;
    else if (typeof message === 'object' && message !== null) Object.assign(fields, message);
    else text = String(message);
    for (const param of rest) {
      if (typeof param === 'string') {
        if (level === 'error' && text !== undefined && /\n\s+at /.test(param)) fields['stack'] = param;
        else text = text === undefined ? param : `${text} ${param}`;
      } else if (param instanceof Error) fields['err'] = param;
    }
    this.logger[level](fields, text);
  }
}
