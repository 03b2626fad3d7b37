import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", ".build/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "bench/results/**", "next-env.d.ts"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // A change reaches the screen through lookAgain (lib/queries/look-again.ts says why).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "lib/queries/look-again.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='invalidateQueries']",
          message: "Use lookAgain(queryClient, key) from lib/queries/look-again.ts: invalidateQueries alone keeps a first load read before the change.",
        },
        {
          selector: "JSXAttribute[name.name='type'][value.value='submit']",
          message: "Use SubmitButton (components/ui/submit-button.tsx): before hydration a submit button sends the form's fields, a password too, in the address.",
        },
      ],
    },
  },
  {
    // The one place a submit button is made (it is disabled until the page is hydrated).
    files: ["components/ui/submit-button.tsx"],
    rules: { "no-restricted-syntax": "off" },
  },
];

export default config;
