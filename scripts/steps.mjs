// Runs a list of steps for `npm test` and `npm run test:quality`: a step is one command, or
// several run side by side (their output held and printed as each ends). Each prints ✔ or ✖
// with its time; resolves with every outcome run.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

export const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** One command ({ name, cmd: [program, ...args], env? }); streams when `alone`. */
function run({ name, cmd: [program, ...args], env }, alone) {
  const started = Date.now();
  if (alone) console.log(`\n▶ ${name}`);
  const child = spawn(program, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      if (!alone) process.stdout.write(`\n▶ ${name}\n${Buffer.concat(held).toString()}`);
      const ok = status === 0;
      console.log(`${ok ? '✔' : '✖'} ${name} (${seconds(started)})`);
      resolve({ name, ok, status: status ?? 1, time: seconds(started) });
    }),
  );
}

/** Runs the steps in order; stops at the first failing one unless `keepGoing`. */
export async function runSteps(steps, { keepGoing = false } = {}) {
  const outcomes = [];
  for (const step of steps) {
    const commands = Array.isArray(step) ? step : [step];
    const done = await Promise.all(commands.map((command) => run(command, commands.length === 1)));
    outcomes.push(...done);
    if (!keepGoing && done.some((o) => !o.ok)) break;
  }
  return outcomes;
}
