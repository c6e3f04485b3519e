import { EligibilityReasonMessages, EligibilityRuleMessages } from '@jibs/domain';
import { useDateFormat, useLanguage, useMessages } from '@jibs/web-data';

/** A rule of the eligibility assessment as the API gives it (its English and its codes). */
export interface AssessedRule {
  rule: string;
  label?: string | null;
  reason: string;
  reasonCode?: string | null;
  reasonArguments?: readonly string[] | null;
  reasonDates?: readonly number[] | null;
}

/**
 * The assessment's rule names and reasons in the reader's language, by the API's codes (the
 * English `label` and `reason` stay for other callers and for English): both clients' one way.
 */
export function useAssessmentWords(): {
  ruleName: (rule: AssessedRule) => string;
  reason: (rule: AssessedRule) => string;
} {
  const { EligibilityRuleMessages: names, EligibilityReasonMessages: reasons } = useMessages({
    EligibilityRuleMessages,
    EligibilityReasonMessages,
  });
  const formatDay = useDateFormat();
  const { locale, hijri } = useLanguage();
  const english = locale === 'en' && !hijri;
  return {
    ruleName: (rule) => names[rule.rule as keyof typeof names] ?? rule.label ?? rule.rule,
    reason: (rule) => {
      const message = rule.reasonCode
        ? (reasons[rule.reasonCode as keyof typeof reasons] as
            string | ((...values: unknown[]) => string) | undefined)
        : undefined;
      if (message === undefined || english) return rule.reason;
      if (typeof message === 'string') return message;
      const dates = rule.reasonDates ?? [];
      return message(
        ...(rule.reasonArguments ?? []).map((argument, at) =>
          dates.includes(at) ? formatDay(argument) : argument,
        ),
      );
    },
  };
}
