import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build",
      "build-*",
      ".tmp*",
      ".react-router",
      "app/generated",
      "public/generated",
      "node_modules",
      "bench",
      "test-results",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "import-x": importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "import-x/no-cycle": "error",
      // Imports flow one way: routes → features → components / content / config / lib.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app/features", from: "./app/routes", message: "Features must not import routes." },
            {
              target: "./app/components",
              from: ["./app/routes", "./app/features"],
              message: "Shared UI must not import routes or features.",
            },
            {
              target: "./app/content",
              from: ["./app/routes", "./app/features", "./app/components"],
              message: "Content is data only.",
            },
            {
              target: "./app/config",
              from: ["./app/routes", "./app/features", "./app/components", "./app/content"],
              message: "Configuration is data only.",
            },
            {
              target: "./app/lib",
              from: ["./app/routes", "./app/features", "./app/components"],
              message: "lib holds pure helpers.",
            },
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
    settings: {
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
  },
  {
    files: ["app/**/*.tsx"],
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    files: ["scripts/build/boot-loader.js"],
    languageOptions: { globals: globals.browser, sourceType: "script" },
  },
);
