import { describe, expect, it } from "vitest";
import { checkDocs, repositoryEntries } from "./newcomer-check";

const entries = repositoryEntries(["README.md", "docs/ARCHITECTURE.md", "lib/pix/money.ts", "sandbox/README.md", "sandbox/clock.ts", "messages/en/glossary.json", "messages/pt-BR/glossary.json", "app/(dashboard)/payments/page.tsx"]);
const OPENING = "```bash\nnpm install && npm run demo   # start\nnpm install && npm test       # test\n```\n";

describe("the newcomer's check of the documentation", () => {
  it("passes documents whose links and named files exist, patterns and bare names included", () => {
    const docs = [
      { path: "README.md", text: `${OPENING}See [the map](docs/ARCHITECTURE.md) and \`lib/pix/money.ts\`, \`messages/{en,pt-BR}/glossary.json\`, \`app/(dashboard)/<name>/page.tsx\`.` },
      { path: "sandbox/README.md", text: "The clock is `clock.ts`; the words: [map](../docs/ARCHITECTURE.md#layers); routes such as `/v1/pix/payments` are not files." },
    ];
    expect(checkDocs(docs, entries)).toEqual([]);
  });

  it("names each broken link, missing file, path outside the repository and a README without its two lines", () => {
    const docs = [
      { path: "README.md", text: "# Title\n[contract](../shared/payments-api-contract.md) and [gone](docs/GONE.md); see `lib/pix/gone.ts` and `sandbox/quirks.ts`." },
      { path: "sandbox/README.md", text: "The store is `store-pglite.ts`." },
    ];
    expect(checkDocs(docs, entries)).toEqual([
      "README.md: must open with the two copy-paste lines (install + `npm run demo`, install + `npm test`)",
      "README.md: points outside the repository (../shared)",
      "README.md: link outside the repository: ../shared/payments-api-contract.md",
      "README.md: broken link: docs/GONE.md",
      "README.md: names a file that does not exist: lib/pix/gone.ts",
      "README.md: names a file that does not exist: sandbox/quirks.ts",
      "sandbox/README.md: names a file that does not exist: store-pglite.ts",
    ]);
  });
});
