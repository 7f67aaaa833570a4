import { OPERATION_OF_WRITE_ROUTE } from './booking-routes';

describe('booking route descriptions', () => {
  it('should know the operation of every booking path Fastify matches', () => {
    expect(OPERATION_OF_WRITE_ROUTE).toEqual({
      '/createProcessData': 'create',
      '/erstellenProzessdaten': 'create',
      '/prozessdaten/:role/create': 'create',
      '/updateProcessData': 'update',
      '/aktualisierenProzessdaten': 'update',
      '/prozessdaten/:role/update': 'update',
    });
  });
});
