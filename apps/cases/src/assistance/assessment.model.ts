import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  DeceasedKind,
  ELIGIBILITY_RULE_LABELS,
  EligibilityRule,
  type EligibilityAssessment,
} from '@jibs/domain';

registerEnumType(DeceasedKind, { name: 'DeceasedKind' });
registerEnumType(EligibilityRule, { name: 'EligibilityRule' });

export { DeceasedKind, EligibilityRule };

@ObjectType('EligibilityRuleResult')
export class EligibilityRuleResultModel {
  @Field(() => EligibilityRule)
  rule!: EligibilityRule;

  @Field({ description: "The rule's name as shown." })
  label!: string;

  @Field()
  met!: boolean;

  @Field({ description: 'A plain reason with the real dates, in English.' })
  reason!: string;

  @Field({
    description:
      "The reason's code (its message in libs/domain EligibilityReasonMessages), for a client that writes it in its reader's language.",
  })
  reasonCode!: string;

  // Two lists of scalars, not a list of objects: a list under the rules' list under a page of
  // reports would multiply the query's cost past the gateway's limit.
  @Field(() => [String], {
    description: "The reason message's arguments, in order; a date is YYYY-MM-DD.",
  })
  reasonArguments!: string[];

  @Field(() => [Int], {
    description:
      "The positions in reasonArguments that are dates, to be written in the reader's way.",
  })
  reasonDates!: number[];
}

@ObjectType('EligibilityAssessment', {
  description: 'Computed on the server from the facts cases holds, each time it is read.',
})
export class EligibilityAssessmentModel {
  @Field({ description: 'Every rule met.' })
  covered!: boolean;

  @Field({ description: 'One sentence for the family.' })
  summary!: string;

  @Field(() => [EligibilityRuleResultModel])
  rules!: EligibilityRuleResultModel[];

  static from(value: EligibilityAssessment): EligibilityAssessmentModel {
    return Object.assign(new EligibilityAssessmentModel(), {
      covered: value.covered,
      summary: value.summary,
      rules: value.rules.map((rule) =>
        Object.assign(new EligibilityRuleResultModel(), {
          ...rule,
          label: ELIGIBILITY_RULE_LABELS[rule.rule],
          reasonArguments: rule.reasonArguments.map((argument) =>
            typeof argument === 'object' ? argument.date : String(argument),
          ),
          reasonDates: rule.reasonArguments.flatMap((argument, at) =>
            typeof argument === 'object' ? [at] : [],
          ),
        }),
      ),
    });
  }
}
