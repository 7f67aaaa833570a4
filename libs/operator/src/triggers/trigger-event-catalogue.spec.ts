import { dottedPath, triggerEventCatalogue } from './trigger-event-catalogue';

describe('trigger event catalogue', () => {
  it('should write pointer templates as dotted paths', () => {
    expect(dottedPath('/stammdaten/MARKTLOKATION/*/marktlokationsId')).toBe(
      'stammdaten.MARKTLOKATION.*.marktlokationsId',
    );
    expect(dottedPath('/a~1b/c~0d')).toBe('a/b.c~d');
  });

  it('should list the role’s events of the release, sorted by name', () => {
    const catalogue = triggerEventCatalogue('04/26', 'LF');
    const names = catalogue.events.map((event) => event.eventname);
    expect(names).toContain('START_MALOIDENT');
    expect(names).toEqual([...names].sort());
  });
});
