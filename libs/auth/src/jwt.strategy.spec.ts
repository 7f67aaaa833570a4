import type { ServiceConfig } from '@maco/platform';
import { JwtStrategy } from './jwt.strategy';

describe(JwtStrategy.name, () => {
  const config = {
    tokenVerification: { kind: 'shared-secret', secret: 'x'.repeat(32), secretSource: 'env' },
    rolesClaim: 'roles',
  } as ServiceConfig;

  it('should read the roles from an array claim and ignore unknown roles', () => {
    const strategy = new JwtStrategy(config);
    expect(strategy.validate({ sub: 'maco-app', roles: ['NB', 'LF', 'ADMIN'] })).toEqual({
      subject: 'maco-app',
      roles: ['LF', 'NB'],
      operator: false,
    });
  });

  it('should read space-separated roles from a configured claim', () => {
    const strategy = new JwtStrategy({ ...config, rolesClaim: 'scope' });
    expect(strategy.validate({ scope: 'MSB openid' })).toEqual({ subject: undefined, roles: ['MSB'], operator: false });
  });

  it('should grant no role when the claim is missing or malformed', () => {
    const strategy = new JwtStrategy(config);
    expect(strategy.validate({ roles: { LF: true } }).roles).toEqual([]);
    expect(strategy.validate({}).roles).toEqual([]);
  });

  it('should mark a token carrying OPERATOR, which is no market role', () => {
    const strategy = new JwtStrategy(config);
    expect(strategy.validate({ sub: 'alice', roles: ['OPERATOR'] })).toMatchObject({
      subject: 'alice',
      roles: [],
      operator: true,
    });
    expect(strategy.validate({ roles: 'LF OPERATOR' })).toMatchObject({ roles: ['LF'], operator: true });
    expect(strategy.validate({ roles: ['operator'] }).operator).toBe(false);
  });
});
