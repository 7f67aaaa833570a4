/**
 * `boTyp` values found in Prozessdaten bodies. Documentation only: validation keeps codes open.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.enum.html#module-bo4e.enum.botyp
 */
export enum BoTyp {
  ANSPRECHPARTNER = 'ANSPRECHPARTNER',
  BILANZIERUNG = 'BILANZIERUNG',
  GESCHAEFTSPARTNER = 'GESCHAEFTSPARTNER',
  MARKTLOKATION = 'MARKTLOKATION',
  MARKTTEILNEHMER = 'MARKTTEILNEHMER',
  MESSLOKATION = 'MESSLOKATION',
  NETZLOKATION = 'NETZLOKATION',
  STEUERBARE_RESSOURCE = 'STEUERBARE_RESSOURCE',
  TECHNISCHE_RESSOURCE = 'TECHNISCHE_RESSOURCE',
  TRANCHE = 'TRANCHE',
  VERTRAG = 'VERTRAG',
  ZAEHLER = 'ZAEHLER',
}
