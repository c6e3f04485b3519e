import { Module, type DynamicModule } from '@nestjs/common';
import { LOGGER, type Logger } from '@jibs/observability';
import { StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';

/** Members' receipt and yearly contribution PDFs. */
@Module({})
export class StatementsModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: StatementsModule,
      controllers: [StatementsController],
      providers: [StatementsService, { provide: LOGGER, useValue: logger }],
    };
  }
}
