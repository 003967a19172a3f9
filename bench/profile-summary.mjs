// A .cpuprofile's self time by package and by function (bench/profile.mjs, bench/volume.mjs --cpu-prof).

/** Self time per function and per package, from a .cpuprofile's samples. */
export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const interval = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const micros = profile.timeDeltas[i + 1] ?? 0;
    interval.set(profile.samples[i], (interval.get(profile.samples[i]) ?? 0) + micros);
  }
  const total = [...interval.values()].reduce((a, b) => a + b, 0);
  const fns = new Map();
  const packages = new Map();
  for (const [id, micros] of interval) {
    const { callFrame } = byId.get(id);
    const where = callFrame.url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
    const fn = `${callFrame.functionName || "(anonymous)"} ${where}:${callFrame.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + micros);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
      (where.startsWith("build/")
        ? "build (the store's code)"
        : where === ""
          ? callFrame.functionName
          : "node internals");
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  }
  const lines = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
  return ["self time by package:", ...lines(packages), "", "self time by function:", ...lines(fns)].join("\n");
}
