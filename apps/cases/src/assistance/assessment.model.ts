import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
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

  @Field({ description: 'A plain reason with the real dates.' })
  reason!: string;
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
        }),
      ),
    });
  }
}
