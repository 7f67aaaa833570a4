import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ProblemError, Public } from '@maco/platform';
import { OperatorReadable } from './operator-readable.decorator';
import type { Principal } from './principal';
import { ServiceRoleGuard } from './service-role.guard';

class Routes {
  @OperatorReadable()
  read(): string {
    return 'read';
  }

  write(): string {
    return 'write';
  }

  @Public()
  health(): string {
    return 'health';
  }
}

@OperatorReadable()
class ReadableRoutes {
  list(): string {
    return 'list';
  }
}

/** The execution context Nest hands a guard for a call of `handler` on `controller` by `user`. */
function contextOf(controller: new () => object, handler: string, user?: Principal): ExecutionContext {
  const prototype = controller.prototype as Record<string, () => void>;
  return {
    getHandler: () => prototype[handler],
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

const principal = (roles: Principal['roles'], operator = false): Principal => ({ subject: 'alice', roles, operator });

describe(ServiceRoleGuard.name, () => {
  const guard = new ServiceRoleGuard('LF', new Reflector());
  const refusal = (context: ExecutionContext) => {
    try {
      guard.canActivate(context);
    } catch (error) {
      return error as ProblemError;
    }
    throw new Error('the guard let the call through');
  };

  it('should let the service role call any route', () => {
    expect(guard.canActivate(contextOf(Routes, 'write', principal(['LF'])))).toBe(true);
    expect(guard.canActivate(contextOf(Routes, 'read', principal(['LF'])))).toBe(true);
  });

  it('should let an OPERATOR token call routes marked readable, on the handler or the controller', () => {
    expect(guard.canActivate(contextOf(Routes, 'read', principal([], true)))).toBe(true);
    expect(guard.canActivate(contextOf(ReadableRoutes, 'list', principal([], true)))).toBe(true);
  });

  it('should refuse an OPERATOR-only token on a route not marked readable (writes) with AUTH.ROLE_NOT_PERMITTED', () => {
    const problem = refusal(contextOf(Routes, 'write', principal([], true)));
    expect(problem).toBeInstanceOf(ProblemError);
    expect(problem).toMatchObject({ code: 'AUTH.ROLE_NOT_PERMITTED' });
    expect(problem.message).toContain('OPERATOR (reads only)');
  });

  it('should refuse another market role on readable routes too: only OPERATOR widens reads', () => {
    expect(refusal(contextOf(Routes, 'read', principal(['NB'])))).toMatchObject({ code: 'AUTH.ROLE_NOT_PERMITTED' });
  });

  it('should not look at tokens on public routes', () => {
    expect(guard.canActivate(contextOf(Routes, 'health'))).toBe(true);
  });
});
