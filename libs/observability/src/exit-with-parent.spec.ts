import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { exitWithParent } from './exit-with-parent';

/** A real pipe whose writer is a process we can kill, as the launcher's end of stdin is. */
function pipeFromProcess(): { stream: Readable; kill: () => void } {
  const writer = spawn('sleep', ['30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  return { stream: writer.stdout, kill: () => writer.kill('SIGKILL') };
}

describe('exitWithParent', () => {
  it('stops the service when the launcher holding its stdin goes away, without a timer', async () => {
    const { stream, kill } = pipeFromProcess();
    let stopped = 0;
    const gone = new Promise<void>((done) =>
      exitWithParent(
        { JIBS_PARENT_PID: String(process.pid), JIBS_PARENT_PIPE: 'stdin' },
        1_000,
        stream,
        () => {
          stopped++;
          done();
        },
      ),
    );
    await new Promise((done) => setTimeout(done, 50));
    expect(stopped).toBe(0);
    kill();
    await gone;
    // 'end' and 'close' both come: the service is told once.
    await new Promise((done) => setTimeout(done, 50));
    expect(stopped).toBe(1);
  });

  it('does nothing without a launcher', async () => {
    const { stream, kill } = pipeFromProcess();
    let stopped = 0;
    exitWithParent({ JIBS_PARENT_PIPE: 'stdin' }, 1_000, stream, () => stopped++);
    kill();
    await new Promise((done) => stream.once('close', done));
    expect(stopped).toBe(0);
  });
});
