/**
 * Kind of a phone number (`Rufnummer.nummerntyp`). Documentation only: validation keeps codes open.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.enum.html#module-bo4e.enum.rufnummernart
 */
export enum Rufnummernart {
  RUF_ZENTRALE = 'RUF_ZENTRALE',
  FAX_ZENTRALE = 'FAX_ZENTRALE',
  SAMMELRUF = 'SAMMELRUF',
  SAMMELFAX = 'SAMMELFAX',
  ABTEILUNGRUF = 'ABTEILUNGRUF',
  ABTEILUNGFAX = 'ABTEILUNGFAX',
  RUF_DURCHWAHL = 'RUF_DURCHWAHL',
  FAX_DURCHWAHL = 'FAX_DURCHWAHL',
  MOBIL_NUMMER = 'MOBIL_NUMMER',
}
