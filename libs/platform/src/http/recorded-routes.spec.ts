import Fastify from 'fastify';
import { recordRoutes, withoutHeadTwins } from './recorded-routes';

describe(recordRoutes.name, () => {
  it('should record each route with every method, HEAD twins included, and drop only those twins on request', async () => {
    const fastify = Fastify();
    const recorded = recordRoutes(fastify);
    fastify.get('/a/:key', async () => 'a');
    fastify.route({ method: ['POST', 'PUT'], url: '/b', handler: async () => 'b' });
    fastify.head('/c', async () => '');
    await fastify.ready();
    expect(recorded).toEqual([
      { method: 'GET', path: '/a/:key' },
      { method: 'HEAD', path: '/a/:key' },
      { method: 'POST', path: '/b' },
      { method: 'PUT', path: '/b' },
      { method: 'HEAD', path: '/c' },
    ]);
    expect(withoutHeadTwins(recorded)).toEqual([
      { method: 'GET', path: '/a/:key' },
      { method: 'POST', path: '/b' },
      { method: 'PUT', path: '/b' },
      { method: 'HEAD', path: '/c' },
    ]);
    await fastify.close();
  });
});
