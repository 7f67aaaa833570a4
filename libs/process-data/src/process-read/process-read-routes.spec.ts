import { readQuery } from '@maco/platform';
import { PROCESS_READ_ROUTE } from './process-read-routes';

describe('process read route description', () => {
  it('should take bodies=true or false on the process read', () => {
    expect(readQuery(PROCESS_READ_ROUTE.query, { bodies: 'true' }).values.bodies).toBe('true');
    expect(readQuery(PROCESS_READ_ROUTE.query, { bodies: 'yes' }).errors).toEqual([
      { pointer: '#/bodies', message: 'must be true or false' },
    ]);
  });
});
