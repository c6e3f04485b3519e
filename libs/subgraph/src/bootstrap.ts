import 'reflect-metadata';
import type { DynamicModule, INestApplication, LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Express } from 'express';
import {
  exitWithParent,
  mountOperationalEndpoints,
  type Logger,
  type ReadinessCheck,
  type ServiceMetrics,
} from '@jibs/observability';

export interface SubgraphRuntime {
  service: string;
  logger: Logger;
  metrics: ServiceMetrics;
  host: string;
  port: number;
  readiness: (app: INestApplication) => ReadinessCheck[];
  /** Extra HTTP routes (JWKS, webhooks) mounted before Nest's own. */
  configureHttp?: (express: Express, app: INestApplication) => void;
}

/** Nest's own logs, as JSON through the service's logger. */
export function nestLogger(logger: Logger): LoggerService {
  const context = (rest: unknown[]) => (rest.length ? { context: rest[rest.length - 1] } : {});
  return {
    log: (message, ...rest) => logger.info(context(rest), String(message)),
    error: (message, ...rest) => logger.error(context(rest), String(message)),
    warn: (message, ...rest) => logger.warn(context(rest), String(message)),
    debug: (message, ...rest) => logger.debug(context(rest), String(message)),
    verbose: (message, ...rest) => logger.trace(context(rest), String(message)),
  };
}

/** Creates the Nest application with operational endpoints; does not listen. */
export async function createSubgraphApp(
  module: Type<unknown> | DynamicModule,
  runtime: SubgraphRuntime,
): Promise<INestApplication> {
  const app = await NestFactory.create(module, {
    logger: nestLogger(runtime.logger),
    bodyParser: true,
  });
  const express = app.getHttpAdapter().getInstance() as Express;
  express.disable('x-powered-by');
  express.set('trust proxy', 'loopback');
  mountOperationalEndpoints(express, {
    metrics: runtime.metrics,
    logger: runtime.logger,
    readiness: runtime.readiness(app),
  });
  runtime.configureHttp?.(express, app);
  app.enableShutdownHooks();
  exitWithParent();
  return app;
}
