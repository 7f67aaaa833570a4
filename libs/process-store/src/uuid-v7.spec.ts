import { uuidV7 } from './uuid-v7';

describe(uuidV7.name, () => {
  it('should be a version 7 UUID carrying the time', () => {
    const id = uuidV7(0x0190_1234_5678);
    expect(id).toMatch(/^01901234-5678-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('should sort by creation time and never repeat', () => {
    const ids = [uuidV7(1000), uuidV7(1001), uuidV7(2000)];
    expect([...ids].sort()).toEqual(ids);
    // More ids than one batch of random bytes holds.
    expect(new Set(Array.from({ length: 2000 }, () => uuidV7(5000))).size).toBe(2000);
  });
});
