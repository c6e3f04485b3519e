import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { Public } from '@jibs/auth';
import type { SubgraphContext } from '@jibs/subgraph';
import { clientAddress } from '../throttling/client-address';
import { ContactService } from './contact.service';
import { ContactMessageInput } from './dto/contact-message.input';
import { QuestionInput } from './dto/question.input';
import { OnePerRequest } from '../throttling/one-per-request';

@Resolver()
export class ContactResolver {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @OnePerRequest()
  @Mutation(() => Boolean, {
    description: 'Anyone, rate-limited: stored and emailed to the admin address.',
  })
  async submitContactMessage(
    @Args('input') input: ContactMessageInput,
    @Context() context: SubgraphContext,
  ): Promise<boolean> {
    return this.contact.submitContactMessage({ ...input }, clientAddress(context));
  }

  @Public()
  @OnePerRequest()
  @Mutation(() => Boolean, {
    description: "Anyone, rate-limited: the FAQ's 'Have a Question?' form.",
  })
  async submitQuestion(
    @Args('input') input: QuestionInput,
    @Context() context: SubgraphContext,
  ): Promise<boolean> {
    return this.contact.submitQuestion({ ...input }, clientAddress(context));
  }
}
