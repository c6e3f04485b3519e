import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { javaBinary, KafkaUnavailableError } from './kafka-distribution';
import { startLocalKafka } from './local-kafka';

describe('the local Kafka broker without a usable Java', () => {
  const saved = process.env.JAVA_HOME;
  let home: string;

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'no-java-'));
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.JAVA_HOME;
    else process.env.JAVA_HOME = saved;
    rmSync(home, { recursive: true, force: true });
  });

  it('fails at once, saying what to install, when there is no java', async () => {
    process.env.JAVA_HOME = join(home, 'missing-jdk');
    expect(() => javaBinary()).toThrow(KafkaUnavailableError);
    expect(() => javaBinary()).toThrow(
      /The local Kafka broker needs Java 17 or newer and none was found .*apt-get install -y openjdk-17-jre-headless/,
    );
    await expect(startLocalKafka()).rejects.toThrow(/needs Java 17 or newer/);
  });

  it('refuses a Java older than 17', () => {
    mkdirSync(join(home, 'bin'));
    const java = join(home, 'bin', 'java');
    writeFileSync(java, '#!/bin/sh\necho \'openjdk version "11.0.2" 2019-01-15\' >&2\n', {
      mode: 0o755,
    });
    process.env.JAVA_HOME = home;
    expect(() => javaBinary()).toThrow(/needs Java 17 or newer; .* is Java 11/);
  });
});
