import { Module, type DynamicModule } from '@nestjs/common';
import { StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';

/** Members' receipt and yearly contribution PDFs. */
@Module({})
export class StatementsModule {
  static forRoot(): DynamicModule {
    return {
      module: StatementsModule,
      controllers: [StatementsController],
      providers: [StatementsService],
    };
  }
}
