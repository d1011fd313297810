import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

// What src/core may never import: it runs unchanged in a browser worker and in Node.
const CORE_BANS = [
  {
    group: ['node:*', 'fs', 'path', 'os', 'worker_threads', 'crypto'],
    message: 'src/core must not use Node APIs.',
  },
  {
    group: ['react', 'react-dom', 'zustand', 'comlink', 'onnxruntime-*', '@react-three/*'],
    message: 'src/core is UI- and runtime-free.',
  },
];

export default tseslint.config(
  // Build output, dependencies, and the ignored local folders (scratch scripts, training runs, data, test
  // artefacts) that a clean clone does not have: `npm run lint` judges what is committed.
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'public/**',
      '.scratch/**',
      'training/runs/**',
      'data/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['src/app/**/*.tsx', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The core runs unchanged in a browser worker and in Node: keep platform and UI code out of it.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...CORE_BANS,
            {
              group: ['three'],
              allowTypeImports: true,
              message:
                'src/core is rendering-free: three.js only in obstruction/bvhGeometry.ts (three-mesh-bvh needs a BufferGeometry).',
            },
          ],
        },
      ],
    },
  },
  {
    // The one adapter three-mesh-bvh's API needs (the Node-API and UI bans still hold here).
    files: ['src/core/obstruction/bvhGeometry.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: CORE_BANS,
        },
      ],
    },
  },
);
