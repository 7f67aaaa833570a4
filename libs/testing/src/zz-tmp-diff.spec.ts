import { writeFileSync } from 'node:fs';
import { fromEnglish } from '@maco/domain';
import { vendorBody, type VendorFormatVersion, vendorSpecs } from './vendor-bodies';

function diffs(a: unknown, b: unknown, path: string, out: string[]): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: length ${a.length} vs ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) diffs(a[i], b[i], `${path}/${i}`, out);
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ao = a as Record<string, unknown>, bo = b as Record<string, unknown>;
    for (const k of Object.keys(ao)) if (!(k in bo)) out.push(`${path}/${k}: only German = ${JSON.stringify(ao[k]).slice(0, 80)}`);
    for (const k of Object.keys(bo)) if (!(k in ao)) out.push(`${path}/${k}: only translated = ${JSON.stringify(bo[k]).slice(0, 80)}`);
    for (const k of Object.keys(ao)) if (k in bo) diffs(ao[k], bo[k], `${path}/${k}`, out);
    return;
  }
  if (a !== b) out.push(`${path}: German ${JSON.stringify(a)} vs translated ${JSON.stringify(b)}`);
}

it('diffs', () => {
  const lines: string[] = [];
  let pairs = 0, equal = 0;
  for (const fv of ['202510', '202604', '202610'] as VendorFormatVersion[]) {
    const en = vendorSpecs(fv, 'en');
    for (const pi of vendorSpecs(fv).keys())
      for (const kind of ['minimal', 'maximal'] as const) {
        if (!en.has(pi)) { lines.push(`${fv} ${pi}: no English`); continue; }
        const de = vendorBody(fv, pi, kind, { seed: 3, zusatzdaten: { prozessId: 'p' } });
        let tr: unknown;
        try { tr = fromEnglish(vendorBody(fv, pi, kind, { seed: 3, zusatzdaten: { prozessId: 'p' }, dialect: 'en' })); }
        catch (e) { lines.push(`${fv} ${pi} ${kind}: THROW ${String(e)}`); continue; }
        pairs++;
        const out: string[] = [];
        diffs(de, tr, '', out);
        if (out.length === 0) equal++;
        for (const l of out) lines.push(`${fv}\t${pi}\t${kind}\t${l}`);
      }
  }
  lines.unshift(`pairs ${pairs} equal ${equal}`);
  writeFileSync('/tmp/vb/diff.txt', lines.join('\n'));
});
