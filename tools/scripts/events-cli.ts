import { runDeadLetterCommand } from '@jibs/events';

/** `npm run events -- dlq list|replay <id>|replay --all [--topic t]|discard <id> --reason "..."`. */
runDeadLetterCommand(
  process.argv.slice(2),
  process.env,
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
