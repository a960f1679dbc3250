/** Runs an external tool (ffmpeg, sox) and collects its output; rejects on a non-zero exit. */
import { spawn } from "node:child_process";

export interface ExecResult {
  stdout: string;
  stderr: string;
}

export function exec(cmd: string, args: string[]): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (e) => reject(new Error(`${cmd} could not start (${e.message}); is it installed?`)));
    child.on("close", (code) =>
      code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${stderr.slice(-3000)}`)),
    );
  });
}
