import { Controller, Get, Module, Post } from '@nestjs/common';
import { OperatorReadable } from '@maco/auth';
import { Public } from '@maco/platform';
import { listServiceRoutes } from './route-listing';

@OperatorReadable()
@Controller('things')
class ThingsController {
  @Get(['', 'alias/:key'])
  read(): string {
    return 'read';
  }

  @Public()
  @Get('open')
  open(): string {
    return 'open';
  }
}

@Controller()
class WritesController {
  @Post('things/:key/change')
  change(): string {
    return 'changed';
  }
}

@Module({ controllers: [WritesController] })
class WritesModule {}

@Module({ imports: [WritesModule], controllers: [ThingsController] })
class ThingsModule {}

describe(listServiceRoutes.name, () => {
  const listing = listServiceRoutes({ role: 'NB', groups: [{ name: 'things', module: ThingsModule }] });

  it('should list every path of a handler with the auth the guards give it, under the group that imports its module', async () => {
    expect((await listing).filter((route) => route.group === 'things')).toEqual([
      { method: 'GET', path: '/things', auth: 'role+operator', group: 'things' },
      { method: 'POST', path: '/things/:key/change', auth: 'role', group: 'things' },
      { method: 'GET', path: '/things/alias/:key', auth: 'role+operator', group: 'things' },
      { method: 'GET', path: '/things/open', auth: 'public', group: 'things' },
    ]);
  });

  it("should list the platform's routes, controllers' or not, as every service serves them", async () => {
    const platform = (await listing).filter((route) => route.group === 'platform');
    expect(platform).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/health/live', auth: 'public', group: 'platform' },
        { method: 'GET', path: '/health/ready', auth: 'public', group: 'platform' },
        { method: 'GET', path: '/metrics', auth: 'public', group: 'platform' },
        { method: 'GET', path: '/docs', auth: 'public', group: 'platform' },
        { method: 'GET', path: '/docs/openapi.json', auth: 'public', group: 'platform' },
      ]),
    );
  });
});
