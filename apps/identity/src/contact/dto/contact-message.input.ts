import { Field, InputType, registerEnumType } from '@nestjs/graphql';
import { ContactSubject } from '@jibs/domain';

registerEnumType(ContactSubject, { name: 'ContactSubject' });

/** Nullable in the schema so that the server answers with the product's own messages. */
@InputType()
export class ContactMessageInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => ContactSubject, { nullable: true }) subject?: ContactSubject;
  @Field(() => String, { nullable: true }) message?: string;
}
