/**
 * A form's refusal as a whole (spec 5: 'Form Validation Error: Please correct the errors in the
 * form'): the member's death report form and the admin console's forms say it alike.
 */
export const FormMessages = {
  validationErrorTitle: 'Form Validation Error',
  correctErrors: 'Please correct the errors in the form',
} as const;
