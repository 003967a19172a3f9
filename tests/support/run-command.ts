import { spawn } from "node:child_process";

export interface CommandResult {
  code: number | null;
  out: string;
  err: string;
}

/** Runs a command to its end, as an operator's shell would: what it printed, and its exit code. */
export function runCommand(
  program: string,
  args: string[],
  { cwd, env, stdin = "" }: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd, env });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}
