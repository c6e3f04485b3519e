import {
  Controller,
  Get,
  Inject,
  Module,
  Param,
  Query,
  Req,
  Res,
  type DynamicModule,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { bearerToken, TOKEN_VERIFIER, type AuthUser, type TokenVerifier } from '@jibs/auth';
import { DomainError, ErrorCode, Role } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import type { Logger } from '@jibs/observability';
import { recordAudit } from '../audit/record-audit';
import {
  ADMIN_EXPORT_VERSION,
  adminExportFilename,
  parseAdminExportRequest,
} from './export-request';
import type { ExportTable } from './export-table';
import { ExportAbortedError, writeExport } from './export-writer';
import { readTableBatches } from './table-reader';

/** Where a service answers its admin exports; the gateway proxies `/api${ADMIN_EXPORT_PATH}`. */
export const ADMIN_EXPORT_PATH = '/export/admin';

const EXPORT_OPTIONS = Symbol('ADMIN_EXPORT_OPTIONS');

export interface AdminExportOptions {
  tables: readonly ExportTable[];
  logger: Logger;
  /** Rows per keyset batch (tests make it small). */
  batchSize?: number;
  /**
   * Exports one instance streams at once (default 2): each holds a database connection for as
   * long as its reader takes, and the pool (10) must keep serving GraphQL.
   */
  maxConcurrent?: number;
}

export const EXPORT_BUSY_MESSAGE =
  'Other exports are running. Please try again when they have finished.';

const STATUS: Record<string, number> = {
  [ErrorCode.BadUserInput]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.RateLimited]: 429,
};

/** The GraphQL error shape, so that clients match `extensions.code` as everywhere else. */
function sendError(res: Response, error: DomainError): void {
  res
    .status(STATUS[error.code] ?? 500)
    .set('cache-control', 'no-store')
    .json({
      errors: [
        {
          message: error.message,
          extensions: {
            code: error.code,
            ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
          },
        },
      ],
    });
}

@Controller(ADMIN_EXPORT_PATH.slice(1))
class AdminExportController {
  private running = 0;

  constructor(
    @Inject(EXPORT_OPTIONS) private readonly options: AdminExportOptions,
    @Inject(TOKEN_VERIFIER) private readonly verify: TokenVerifier,
    private readonly dataSource: DataSource,
    private readonly publisher: EventPublisher,
  ) {}

  private get logger(): Logger {
    return this.options.logger;
  }

  /**
   * `GET /export/admin/:table?format=json|csv&from=&to=&metadata=true`: admins only (a verified
   * token with the admin role; the gateway credential is checked before Nest, as for GraphQL).
   * The request is checked and audited before the first byte, then the table is streamed.
   */
  @Get(':table')
  async export(
    @Param('table') name: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    let admin: AuthUser;
    let table: ExportTable;
    let request: ReturnType<typeof parseAdminExportRequest>;
    try {
      admin = await this.caller(req);
      const found = this.options.tables.find((candidate) => candidate.name === name);
      if (!found) throw DomainError.notFound();
      table = found;
      request = parseAdminExportRequest(query);
      if (this.running >= (this.options.maxConcurrent ?? 2))
        throw DomainError.rateLimited(EXPORT_BUSY_MESSAGE);
    } catch (error) {
      if (error instanceof DomainError) return sendError(res, error);
      throw error;
    }
    this.running += 1;
    try {
      await this.stream(admin, table, request, res);
    } finally {
      this.running -= 1;
    }
  }

  private async stream(
    admin: AuthUser,
    table: ExportTable,
    request: ReturnType<typeof parseAdminExportRequest>,
    res: Response,
  ): Promise<void> {
    const now = new Date();
    await this.dataSource.transaction((manager) =>
      recordAudit(this.publisher, manager, {
        actorId: admin.id,
        action: 'export',
        subjectType: 'export',
        subjectId: table.name,
        after: { format: request.format, from: request.from, to: request.to },
      }),
    );
    const filename = adminExportFilename(table.name, request, now);
    res.status(200);
    res.set({
      'content-type':
        request.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const started = Date.now();
    const batches = readTableBatches(this.dataSource, table, request, this.options.batchSize);
    try {
      const rows = await writeExport(batches, res, {
        format: request.format,
        table,
        metadata: request.metadata
          ? {
              exportedAt: now.toISOString(),
              exportedBy: admin.email,
              version: ADMIN_EXPORT_VERSION,
            }
          : null,
      });
      this.logger.info(
        { table: table.name, format: request.format, rows, ms: Date.now() - started },
        'admin export written',
      );
    } catch (error) {
      // Ends the read transaction (the generator's finally) and the response.
      await batches.return(undefined);
      if (error instanceof ExportAbortedError) {
        this.logger.info({ table: table.name }, 'admin export aborted by its reader');
      } else {
        this.logger.error({ err: error, table: table.name }, 'admin export failed');
      }
      if (!res.headersSent)
        return sendError(res, new DomainError(ErrorCode.Internal, 'Export failed'));
      res.destroy();
    }
  }

  private async caller(req: Request): Promise<AuthUser> {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw DomainError.unauthenticated();
    let user: AuthUser;
    try {
      user = await this.verify(token);
    } catch {
      throw DomainError.unauthenticated();
    }
    if (user.role !== Role.ADMIN) throw DomainError.forbidden();
    return user;
  }
}

/**
 * A service's admin export route for the tables it owns (one shared implementation: each
 * service only declares its tables' columns). Registered in the service's imports.
 */
@Module({})
export class AdminExportModule {
  static forTables(options: AdminExportOptions): DynamicModule {
    return {
      module: AdminExportModule,
      controllers: [AdminExportController],
      providers: [{ provide: EXPORT_OPTIONS, useValue: options }],
    };
  }
}
