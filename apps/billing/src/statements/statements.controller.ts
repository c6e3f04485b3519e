import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { bearerToken, TOKEN_VERIFIER, type AuthUser, type TokenVerifier } from '@jibs/auth';
import { DomainError, ErrorCode } from '@jibs/domain';
import { StatementsService, type PdfFile } from './statements.service';
import { readerOf } from './statement-words';

/** Where billing serves the PDFs; the gateway passes `/statements/` through to billing. */
export const STATEMENTS_PATH = '/statements';

const STATUS: Record<string, number> = {
  [ErrorCode.BadUserInput]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
};

/**
 * Members' PDFs in the reader's language (`?lang=ar|ur`, `&hijri=1` for the Umm al-Qura dates
 * beside the Gregorian ones; anything else reads English), with the caller's bearer token (checked here: these routes are outside the
 * GraphQL guard, behind the gateway credential like every billing route). Errors answer in the
 * GraphQL error shape, as the exports do.
 */
@Controller(STATEMENTS_PATH.slice(1))
export class StatementsController {
  constructor(
    private readonly statements: StatementsService,
    @Inject(TOKEN_VERIFIER) private readonly verify: TokenVerifier,
  ) {}

  @Get('receipts/:paymentId')
  async receipt(
    @Param('paymentId') paymentId: string,
    @Query('lang') lang: unknown,
    @Query('hijri') hijri: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.answer(req, res, (caller) =>
      this.statements.receipt(caller, paymentId, readerOf(lang, hijri)),
    );
  }

  @Get('contributions/:year')
  async contributions(
    @Param('year') year: string,
    @Query('userId') userId: string | undefined,
    @Query('lang') lang: unknown,
    @Query('hijri') hijri: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.answer(req, res, (caller) =>
      this.statements.contributions(
        caller,
        year,
        typeof userId === 'string' ? userId : undefined,
        readerOf(lang, hijri),
      ),
    );
  }

  private async answer(
    req: Request,
    res: Response,
    make: (caller: AuthUser) => Promise<PdfFile>,
  ): Promise<void> {
    let file: PdfFile;
    try {
      file = await make(await this.caller(req));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
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
      return;
    }
    res
      .status(200)
      .set({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'private, no-store',
      })
      .send(file.body);
  }

  private async caller(req: Request): Promise<AuthUser> {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw DomainError.unauthenticated();
    try {
      return await this.verify(token);
    } catch {
      throw DomainError.unauthenticated();
    }
  }
}
