import nx from '@nx/eslint-plugin';
import simpleImportSort from 'eslint-plugin-simple-import-sort';

// ---------- module boundaries (@nx/enforce-module-boundaries), by project tag ----------

const BOUNDARY_OPTIONS = { enforceBuildableLibDependency: false, allow: [] };
/** The libraries of pure functions (domain, ahb, read-model) use no framework, database or HTTP server. */
const PURE = ['@nestjs/*', 'typeorm', 'pg', 'fastify', 'passport*'];

/**
 * The floors, bottom up: domain; ahb and read-model (pure rules over the domain); platform (HTTP, config, problems,
 * logging); infra (auth, database); store (process-store: SQL and repositories); feature (the interface groups);
 * bootstrap (libs/service: composing and starting a service); roles (a role and its groups); app. Each floor may
 * import the floors below it only.
 */
const BELOW_PLATFORM = ['type:read-model', 'type:ahb', 'type:domain'];
const BELOW_INFRA = ['type:platform', ...BELOW_PLATFORM];
const BELOW_STORE = ['type:infra', ...BELOW_INFRA];
const BELOW_FEATURE = ['type:store', ...BELOW_STORE];
const BELOW_ROLES = ['type:feature', 'type:bootstrap', ...BELOW_FEATURE];

/** What production code (every project's `src/`, minus its specs) may import. Tags, never project names. */
const PRODUCTION_CONSTRAINTS = [
  // The operator web page (apps/console) reads the groups' answer types (`@maco/<lib>/api`, types only).
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:feature', 'type:platform', 'type:domain'] },
  // An app is its role (libs/roles: the role and the groups it serves) started by the service bootstrap.
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:roles', 'type:bootstrap'] },
  { sourceTag: 'type:roles', onlyDependOnLibsWithTags: BELOW_ROLES },
  { sourceTag: 'type:bootstrap', onlyDependOnLibsWithTags: BELOW_STORE },
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: BELOW_FEATURE },
  { sourceTag: 'type:store', onlyDependOnLibsWithTags: BELOW_STORE },
  { sourceTag: 'type:infra', onlyDependOnLibsWithTags: BELOW_INFRA },
  { sourceTag: 'type:platform', onlyDependOnLibsWithTags: BELOW_PLATFORM },
  // The read model's rules (libs/read-model): pure functions over the domain's vocabulary, no database.
  {
    sourceTag: 'type:read-model',
    onlyDependOnLibsWithTags: ['type:domain'],
    bannedExternalImports: PURE,
  },
  // The AHB engine (libs/ahb) reads the domain's vocabulary; the vocabulary knows nothing of it.
  {
    sourceTag: 'type:ahb',
    onlyDependOnLibsWithTags: ['type:domain'],
    bannedExternalImports: PURE,
  },
  {
    sourceTag: 'type:domain',
    onlyDependOnLibsWithTags: [],
    bannedExternalImports: PURE,
  },
  // Test helpers (libs/testing) compose the services of any group, never a role or an app. Nothing above lists
  // type:testing, so no production file can import them.
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:feature', ...BELOW_FEATURE, 'type:testing'] },
  // tests/integration: suites that compose whole roles, one folder per interface group they are about.
  { sourceTag: 'type:tests', onlyDependOnLibsWithTags: ['type:roles', ...BELOW_ROLES, 'type:testing'] },
  // tools/: developer scripts and the jest global setup, run from the repository, never shipped.
  { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:roles', ...BELOW_ROLES, 'type:testing'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // Where the roles meet: each role's definition picks its groups, a role's own ones included.
  {
    sourceTag: 'scope:roles',
    onlyDependOnLibsWithTags: ['scope:roles', 'scope:lf', 'scope:nb', 'scope:msb', 'scope:shared'],
  },
  { sourceTag: 'scope:lf', onlyDependOnLibsWithTags: ['scope:lf', 'scope:roles', 'scope:shared'] },
  { sourceTag: 'scope:nb', onlyDependOnLibsWithTags: ['scope:nb', 'scope:roles', 'scope:shared'] },
  { sourceTag: 'scope:msb', onlyDependOnLibsWithTags: ['scope:msb', 'scope:roles', 'scope:shared'] },
];

/**
 * Test code: the same constraints, plus the test helpers (type:testing) and what it takes to run the code under test
 * as a service (platform, infra such as a free port or the auth module, the bootstrap that composes it). The pure floors
 * stay pure in their tests too.
 */
const TEST_SCAFFOLDING = ['type:testing', 'type:bootstrap', 'type:infra', 'type:platform'];
const PURE_FLOORS = new Set(['type:domain', 'type:ahb', 'type:read-model']);
const TEST_CONSTRAINTS = PRODUCTION_CONSTRAINTS.map((constraint) => {
  if (!constraint.sourceTag.startsWith('type:')) return constraint;
  const extra = PURE_FLOORS.has(constraint.sourceTag) ? ['type:testing'] : TEST_SCAFFOLDING;
  const allowed = new Set([...constraint.onlyDependOnLibsWithTags, ...extra]);
  return { ...constraint, onlyDependOnLibsWithTags: [...allowed] };
});

/** Files that are test code wherever they live; the config object for them overrides the production rule. */
const TEST_FILES = ['**/test/**/*.ts', '**/*.spec.ts', '**/*.spec.tsx', '**/*.integration-spec.ts', 'tools/**/*.ts'];

/**
 * The groups' answer types (`@maco/<lib>/api`, libs/<lib>/src/<lib>-api.ts): types only, shared by the backend and the
 * operator console. Imported with `import type` everywhere (erased from every build: the secondary entry points exist for
 * the compilers only), and themselves free of runtime: `import type` of other such modules, interfaces and type aliases.
 */
const API_MODULES = ['libs/*/src/*-api.ts'];
const TYPE_ONLY_API_IMPORTS = {
  patterns: [
    {
      group: ['@maco/*/api'],
      allowTypeImports: true,
      message: 'The api entry points are types only: use `import type`.',
    },
  ],
};
const API_MODULE_SYNTAX = [
  {
    selector:
      "ImportDeclaration[importKind!='type'], ImportDeclaration:not([source.value=/^@maco\\x2F[a-z-]+\\x2Fapi$/])",
    message: 'An api module imports only types (`import type`) of other api modules (`@maco/<lib>/api`).',
  },
  {
    selector:
      "Program > :not(ImportDeclaration, ExportNamedDeclaration[exportKind='type'], TSInterfaceDeclaration, TSTypeAliasDeclaration)",
    message: 'An api module declares types only (interfaces and type aliases): nothing of it may exist at run time.',
  },
];

/** The shared rules of TypeScript files, and of the JavaScript tools. */
const UNUSED_VARS = ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  // tools/*.js are linted like the TypeScript: eslint and typescript-eslint recommended (Nx's JavaScript preset).
  ...nx.configs['flat/javascript'].map((config) => (config.files ? { ...config, files: ['tools/**/*.js'] } : config)),
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '.nx',
      '.data',
      'coverage',
      'libs/ahb/src/expression/ahb-expression.generated.ts',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': UNUSED_VARS,
      '@nx/enforce-module-boundaries': ['error', { ...BOUNDARY_OPTIONS, depConstraints: PRODUCTION_CONSTRAINTS }],
      '@typescript-eslint/no-restricted-imports': ['error', TYPE_ONLY_API_IMPORTS],
    },
  },
  // Type-aware rules: a promise nobody awaits or catches loses its error (and with a booking, possibly the message).
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // One import order everywhere: side effects, node:, packages, the workspace's libs, relative; no blank lines between.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': ['error', { groups: [['^\\u0000', '^node:', '^@?\\w', '^@maco/', '^\\.']] }],
      'simple-import-sort/exports': 'off',
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': ['error', { ...BOUNDARY_OPTIONS, depConstraints: TEST_CONSTRAINTS }],
    },
  },
  {
    files: API_MODULES,
    rules: { 'no-restricted-syntax': ['error', ...API_MODULE_SYNTAX] },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['tools/**/*.js'],
    rules: { '@typescript-eslint/no-unused-vars': UNUSED_VARS },
  },
];
