import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('CaseHandler', { description: 'The admin handling a case: the name only.' })
export class CaseHandlerModel {
  @Field({ description: "The admin's name as registered; 'JIBS team' until cases learns it." })
  name!: string;

  @Field()
  assignedAt!: Date;
}
