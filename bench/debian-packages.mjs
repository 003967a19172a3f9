// What the bench needs from Debian (nginx, Chromium), installed with apt-get when missing and this process may.
import { spawnSync } from "node:child_process";

/** Answers whether `present()` holds, after installing `packages` when it did not and this process is root. */
export function ensureDebianPackages(what, packages, present) {
  if (present()) return true;
  if (process.getuid?.() !== 0) {
    console.warn(`bench: ${what} is missing and installing it needs root (apt-get install ${packages.join(" ")}).`);
    return false;
  }
  console.log(`bench: installing ${what} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...packages], { stdio: "inherit", env });
  return present();
}
