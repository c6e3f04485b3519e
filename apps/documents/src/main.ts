import { runService } from '@jibs/subgraph';
import { documentsService } from './documents.module';

runService(documentsService);
