import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND, loadServices, referencePages, withGenerated } from './generate-reference';

const ROOT = join(__dirname, '..', '..');

describe('the reference tables in docs/', () => {
  const pages = referencePages();

  it.each(pages.map((page) => [page.file, page]))(
    `should keep %s equal to what the code gives (UPDATE_REPORTS=1 npx jest -c tools/jest.config.cjs docs, or ${COMMAND}, rewrites it)`,
    (file, page) => {
      if (process.env['UPDATE_REPORTS'] === '1') writeFileSync(join(ROOT, file), page.expected);
      else expect(page.committed).toBe(page.expected);
    },
  );

  it('should list every problem code and every variable the readers read', () => {
    const [api, configuration] = pages.map((page) => page.expected);
    for (const code of ['REQUEST.MALFORMED_JSON', 'SERVER.UNAVAILABLE', 'REFUSED.QUARANTINE_FULL', 'CONSOLE.NOT_BUILT'])
      expect(api).toContain(`\`${code}\``);
    expect(api).toMatch(/^\| 400 \| `MALO_IDENT.INVALID_REQUEST` \|.*\| malo-ident \(NB\) \|$/m);
    expect(api).toMatch(/^\| 422 \| `REQUEST.VALIDATION_FAILED` \|.*\| process-data, triggers \|$/m);
    for (const name of ['PORT', 'DATABASE_URL', 'AHB_RULE_MODE', 'MACO_PASSWORD', 'CONSOLE_DIR', 'READ_ANSWER_SHAPE'])
      expect(configuration).toContain(`| \`${name}\` |`);
    expect(configuration).toMatch(/^\| `BODY_LIMIT_BYTES` \| `16777216` \(16 MiB\) \| integer 1024–67108864 \|/m);
    expect(configuration).toMatch(/^\| `NODE_ENV` \|.*\| platform, triggers \|$/m);
    expect(configuration).toMatch(/^\| `MALO_IDENT_MAX_CANDIDATES` \| `10` \| integer 1–100 \|.*\| malo-ident \(NB\) \|$/m);
  });


  it('should list every deadline rule with its due as a sentence of the regulation would say it', () => {
    const deadlines = pages.find((page) => page.file === 'docs/deadlines.md')?.expected ?? '';
    expect(deadlines).toMatch(/^\| `GPKE_NEUANLAGE_ANTWORT` \| NB \| 55600, 55601 \|.*\| 00:00 of the 61st WT \|/m);
    expect(deadlines).toMatch(/^\| `GPKE_LIEFERENDE_NB_ANTWORT` \| LF \| 55007 \(E02\) \|.*\| 05:00 of the 1st WT \|/m);
    expect(deadlines).toMatch(/^\| `WIM_BERECHNUNGSFORMEL_ANTWORT` \| MSB \|.*\| end of the 5th WT \| yes \|/m);
  });

  it('should let the README and docs/ name only problem codes that are registered', () => {
    const registered = new Set([...pages[0].expected.matchAll(/^\| \d+ \| `([A-Z_]+\.[A-Z_]+)`/gm)].map((row) => row[1]));
    const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .map((file) => join('docs', file));
    const unknown = ['README.md', ...docs].flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/`([A-Z][A-Z_]*\.[A-Z][A-Z_]+)`/g)]
        .filter((named) => !registered.has(named[1]))
        .map((named) => `${file}: ${named[1]}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe("the README's table of roles and interface groups", () => {
  it('should tick the groups each role serves (libs/roles), every group once', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| [^|]+ \| `libs\/([\w-]+)` \|((?: *✓? *\|){3})$/gm)].map((row) => [
      row[1],
      row[2]
        .split('|')
        .slice(0, 3)
        .map((column) => column.trim() === '✓'),
    ]);
    const services = loadServices();
    const groups = [...new Set(services.flatMap((service) => service.groups.map((group) => group.name)))];
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(
        groups.map((name) => [name, services.map((service) => service.groups.some((group) => group.name === name))]),
      ),
    );
    expect(rows).toHaveLength(groups.length);
  });
});

describe(withGenerated.name, () => {
  it('should replace what lies between the markers and nothing else', () => {
    const page = 'a\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nb\n';
    expect(withGenerated(page, 'x', 'new')).toBe('a\n<!-- generated:x -->\n\nnew\n\n<!-- /generated:x -->\nb\n');
    expect(() => withGenerated('a', 'x', 'new')).toThrow(/generated:x/);
  });
});
