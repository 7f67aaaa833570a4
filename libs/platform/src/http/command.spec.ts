import { commandNames } from './command';

describe(commandNames.name, () => {
  it.each([
    'ERSTELLEN_PROZESSDATEN',
    'SAP_ERSTELLEN_PROZESSDATEN',
    'NOCODB_ERSTELLEN_PROZESSDATEN',
    'S4HANA2_ERSTELLEN_PROZESSDATEN',
  ])('should accept %s for ERSTELLEN_PROZESSDATEN', (command) =>
    expect(commandNames(command, 'ERSTELLEN_PROZESSDATEN')).toBe(true),
  );

  it.each([
    'AKTUALISIEREN_PROZESSDATEN',
    'SAP_AKTUALISIEREN_PROZESSDATEN',
    'sap_ERSTELLEN_PROZESSDATEN',
    '_ERSTELLEN_PROZESSDATEN',
    'SAP__ERSTELLEN_PROZESSDATEN',
    'SAP ERSTELLEN_PROZESSDATEN',
    'ERSTELLEN_PROZESSDATEN_X',
    'XERSTELLEN_PROZESSDATEN',
    '',
  ])('should refuse %p for ERSTELLEN_PROZESSDATEN', (command) =>
    expect(commandNames(command, 'ERSTELLEN_PROZESSDATEN')).toBe(false),
  );

  it('should refuse what is no string', () => {
    expect(commandNames(['ERSTELLEN_PROZESSDATEN'], 'ERSTELLEN_PROZESSDATEN')).toBe(false);
  });
});
