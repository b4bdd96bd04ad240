import { ConfigError, loadConfig, type Config } from './config.ts';
import { productionSecretProblems } from './production-guard.ts';
import { clockRepository } from './modules/clock/clock.repository.ts';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { CaTrustError } from './modules/ca/ca.trust.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { verifyPassword } from './lib/secrets.ts';
import { demoAccountsWithDocumentedPassword, seedDemo } from './seed/demo.ts';
import { seedBase } from './seed/seed.ts';
import { startDeadlineScheduler } from './modules/projects/projects.scheduler.ts';
import { startAwardScheduler } from './modules/results/results.scheduler.ts';
import { httpSmsProvider, outboxSmsProvider } from './modules/sms/sms.providers.ts';
import { moveFilesFromDisk } from './modules/files/files-from-disk.ts';
import { startDrawScheduler } from './modules/draws/draws.scheduler.ts';
import { startGuaranteeScheduler } from './modules/guarantees/guarantees.scheduler.ts';
import { startOrphanSweep } from './modules/files/files.scheduler.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.isProduction) {
    const problems = productionSecretProblems(config);
    if (problems.length > 0) {
      console.error(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
  }

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  // In production the business clock is the database's: no offset survives, none can be set.
  if (config.isProduction) await clockRepository.reset(database.db);
  const seeded = await seedBase(database.db, config.adminInitialPassword);
  if (seeded.generatedAdminPassword) {
    // Printed once, on the console only: it is not in the structured log.
    console.log(
      `\n  The admin account was created with the password: ${seeded.generatedAdminPassword}\n  Change it after signing in.\n`,
    );
  }
  if (config.demoData) await seedDemo(database.db, true);
  if (config.isProduction) {
    const demo = await demoAccountsWithDocumentedPassword(database.db, verifyPassword);
    if (demo.length > 0) {
      console.error(
        `Refusing to start in production: demo accounts keep their documented password: ${demo.join(', ')}`,
      );
      await database.close();
      process.exit(1);
    }
  }

  const app = await buildApp({ config, db: database.db, planOnceDb: database.planOnceDb }).catch(
    async (err: unknown) => {
      // A trust bundle or revocation list that cannot be read or parsed (CA_TRUST_FILE, CA_CRL_FILE).
      if (err instanceof CaTrustError) {
        console.error(err.message);
        await database.close();
        process.exit(1);
      }
      throw err;
    },
  );
  await moveLegacyFiles(app, database.db, path.resolve(config.dataDir, 'files'));
  // Every instance ticks; the conditional updates make concurrent ticks safe.
  const stopScheduler = startDeadlineScheduler(database.db, config.schedulerTickMs, (err) =>
    app.log.error({ err }, 'deadline tick failed'),
  );
  // The ticks' notices text through the provider the app sends with.
  const tickSms =
    config.sms.provider === 'http' ? httpSmsProvider(config.sms.httpUrl!) : outboxSmsProvider(database.db);
  // The award after publicity.
  const stopAwards = startAwardScheduler(database.db, tickSms, config.schedulerTickMs, (err) =>
    app.log.error({ err }, 'award tick failed'),
  );
  const stopLetters = startGuaranteeScheduler(database.db, tickSms, config.schedulerTickMs, (err) =>
    app.log.error({ err }, 'guarantee tick failed'),
  );
  const stopDraws = startDrawScheduler(database.db, config.bidKey, tickSms, config.schedulerTickMs, (err) =>
    app.log.error({ err }, 'draw tick failed'),
  );
  const stopSweep = startOrphanSweep(database.db, config.schedulerTickMs, (err) =>
    app.log.error({ err }, 'orphan file sweep failed'),
  );
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let the running ones finish, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopScheduler();
    stopAwards();
    stopLetters();
    stopDraws();
    stopSweep();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`database: ${database.kind}; open http://${config.host}:${config.port}/`);
}

/**
 * Files kept on disk by earlier versions move into the database, once: later starts find nothing
 * to move and say nothing.
 */
async function moveLegacyFiles(app: FastifyInstance, db: Db, dir: string) {
  const moved = await moveFilesFromDisk(db, dir);
  if (!moved) return;
  if (moved.moved + moved.removedCopies > 0)
    app.log.info(
      { dir, moved: moved.moved, removedCopies: moved.removedCopies, directoryRemoved: moved.directoryRemoved },
      `moved ${moved.moved} uploaded files from ${dir} into the database`,
    );
  if (moved.missing > 0)
    app.log.warn(`${moved.missing} file records have no content in the database nor in ${dir}: they answer 404`);
  if (moved.unknown.length > 0)
    app.log.warn(
      { files: moved.unknown },
      `${moved.unknown.length} files in ${dir} belong to no file record: left there`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
