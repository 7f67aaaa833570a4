import { writeFileSync } from 'node:fs';
import { vendorBody, type VendorFormatVersion, vendorSpecs } from './vendor-bodies';
it('dumps', () => {
  const out: Record<string, unknown> = {};
  for (const fv of ['202510', '202604', '202610'] as VendorFormatVersion[])
    for (const pi of vendorSpecs(fv).keys())
      for (const kind of ['minimal', 'maximal'] as const) {
        out[`${fv}/${pi}/${kind}`] = vendorBody(fv, pi, kind);
        out[`${fv}/${pi}/${kind}/s7`] = vendorBody(fv, pi, kind, { seed: 7, zusatzdaten: { prozessId: 'p', targetBusinessKey: 'x' } });
      }
  writeFileSync(process.env.DUMP_FILE ?? '/tmp/vb/before.json', JSON.stringify(out));
});
