import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README is what a newcomer reads in five minutes; everything else lives in docs/. These checks keep it short,
 * keep every relative link in the README and in docs/ pointing at a file that exists, and keep the decisions'
 * index listing every record.
 */
const root = path.resolve(import.meta.dirname, "../..");
const MAX_README_LINES = 150;

/** Every markdown file that is checked for links: the README and docs/, at any depth. */
function markdownFiles(): string[] {
  const docs = readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name));
  return ["README.md", ...docs].sort();
}

/** The targets of a markdown text's links and images, outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const referenced = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)].map((m) => m[1]!);
  return [...inline, ...referenced];
}

/** A target that names a file in this repository: not a web address, an e-mail, a path the store serves or a bare anchor. */
function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("/api/") && !target.startsWith("#");
}

describe("the README and docs/", () => {
  it(`keep the README to at most ${MAX_README_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, "README.md"), "utf8").split("\n");
    if (lines.at(-1) === "") lines.pop();
    expect(lines.length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it.each(markdownFiles())("%s links only to files that exist", (file) => {
    const targets = linkTargets(readFileSync(path.join(root, file), "utf8")).filter(isRelative);
    const missing = targets.filter((target) => {
      const withoutAnchor = decodeURI(target.split("#")[0]!.split("?")[0]!);
      return !existsSync(path.resolve(path.dirname(path.join(root, file)), withoutAnchor));
    });
    expect(missing).toEqual([]);
  });

  it("list every decision record in docs/decisions/README.md", () => {
    const dir = path.join(root, "docs/decisions");
    const index = readFileSync(path.join(dir, "README.md"), "utf8");
    const listed = new Set(linkTargets(index).map((target) => target.split("#")[0]));
    const records = readdirSync(dir).filter((name) => name.endsWith(".md") && name !== "README.md");
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((name) => !listed.has(name))).toEqual([]);
  });
});
