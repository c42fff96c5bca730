/**
 * The lint's dependency rules (dependency-cruiser, `npm run lint`): no import cycle anywhere in
 * services/ or shared/. The layering itself (the domain knows no transport or page) is held by
 * test/unit/architecture.test.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module may not import, however indirectly, a module that imports it.',
      severity: 'error',
      from: { path: '^(services|shared)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
