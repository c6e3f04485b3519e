import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  DeceasedKind,
  ELIGIBILITY_RULE_LABELS,
  EligibilityRule,
  type EligibilityAssessment,
  type ReasonArgument,
} from '@jibs/domain';

registerEnumType(DeceasedKind, { name: 'DeceasedKind' });
registerEnumType(EligibilityRule, { name: 'EligibilityRule' });

export { DeceasedKind, EligibilityRule };

@ObjectType('EligibilityReasonArgument', {
  description: "One argument of a reason's message: a date (YYYY-MM-DD), a name or a number.",
})
export class EligibilityReasonArgumentModel {
  @Field()
  value!: string;

  @Field({ description: "The value is a date (YYYY-MM-DD), to be written in the reader's way." })
  date!: boolean;

  static from(argument: ReasonArgument): EligibilityReasonArgumentModel {
    return Object.assign(new EligibilityReasonArgumentModel(), {
      value: typeof argument === 'object' ? argument.date : String(argument),
      date: typeof argument === 'object',
    });
  }
}

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

  @Field(() => [EligibilityReasonArgumentModel], {
    description: "The reason message's arguments, in order.",
  })
  reasonArguments!: EligibilityReasonArgumentModel[];
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
            EligibilityReasonArgumentModel.from(argument),
          ),
        }),
      ),
    });
  }
}
