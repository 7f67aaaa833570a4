/**
 * Code list a market partner ID (`rollencodenummer`) belongs to. Documentation only: validation keeps codes open.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.enum.html#module-bo4e.enum.rollencodetyp
 */
export enum Rollencodetyp {
  BDEW = 'BDEW',
  GS1 = 'GS1',
  GLN = 'GLN',
  DVGW = 'DVGW',
}
