import { type ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeFlag } from './route-flag';

@SetMetadata('test:flag', true)
class Flagged {
  handle(): string {
    return 'handled';
  }
}
class Plain {
  @SetMetadata('test:flag', true)
  marked(): string {
    return 'marked';
  }
  unmarked(): string {
    return 'unmarked';
  }
}

const contextOf = (type: new () => object, handler: () => string) =>
  ({ getHandler: () => handler, getClass: () => type }) as unknown as ExecutionContext;

describe('routeFlag', () => {
  it('should read the flag from the handler or its controller', () => {
    const reflector = new Reflector();
    expect(routeFlag(reflector, 'test:flag', contextOf(Flagged, Flagged.prototype.handle))).toBe(true);
    expect(routeFlag(reflector, 'test:flag', contextOf(Plain, Plain.prototype.marked))).toBe(true);
    expect(routeFlag(reflector, 'test:flag', contextOf(Plain, Plain.prototype.unmarked))).toBe(false);
    expect(routeFlag(reflector, 'test:other', contextOf(Plain, Plain.prototype.marked))).toBe(false);
  });

  it('should look a handler up once', () => {
    const reflector = new Reflector();
    const lookup = jest.spyOn(reflector, 'getAllAndOverride');
    const context = contextOf(Plain, Plain.prototype.unmarked);
    for (let i = 0; i < 3; i++) routeFlag(reflector, 'test:once', context);
    expect(lookup).toHaveBeenCalledTimes(1);
  });
});
